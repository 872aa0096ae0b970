import { useId, useRef, useState, type FormEvent, type TextareaHTMLAttributes } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { toast } from 'react-toastify';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { LoadingState } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { TEXTS } from '../../../config/texts';
import { isUnauthorized } from '../../../lib/api-client';
import { libraryKeys } from '../../library/api/keys';
import { projectTranscriptsQuery } from '../../library/api/transcripts';
import { formatDateTime } from '../../transcripts/format';
import { createProject, deleteProject, projectsQuery, updateProject, type Project, type ProjectInput } from '../api/projects';
import { createProjectError, deleteProjectError, PROJECT_FIELD_LIMITS, updateProjectError, validateProject } from '../form';
import '../../library/library.css';

const L = TEXTS.library.projects;

/** SPEC.md section 2, the Projects tab: the create form (name, description) and the list with edit, delete and view/hide transcripts. */
export function ProjectsTab() {
  return (
    <div className="library">
      <CreateProjectForm />
      <ProjectList />
    </div>
  );
}

function TextAreaField({ label, ...textarea }: { label: string } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea id={id} className="input textarea" rows={3} {...textarea} />
    </div>
  );
}

/** Puts the focus on a form's name field (after a refused submit). */
const focusName = (form: HTMLFormElement) => (form.elements.namedItem('name') as HTMLInputElement | null)?.focus();

const EMPTY: ProjectInput = { name: '', description: '' };

function CreateProjectForm() {
  const headingId = useId();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<ProjectInput>(EMPTY);
  const [nameError, setNameError] = useState<string>();

  const create = useMutation({
    mutationFn: createProject,
    onSuccess: (project) => {
      setValues(EMPTY);
      toast.success(L.created);
      if (project?.id) queryClient.setQueryData<Project[]>(libraryKeys.projects, (list) => (list ? [...list.filter((p) => p.id !== project.id), project] : list));
      void queryClient.invalidateQueries({ queryKey: libraryKeys.projects });
    },
  });
  const submitError = create.isError && !isUnauthorized(create.error) ? createProjectError(create.error) : undefined;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = validateProject(values);
    if (!checked.ok) {
      setNameError(checked.error);
      focusName(event.currentTarget);
      return;
    }
    setNameError(undefined);
    create.mutate(checked.input);
  };

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId} className="card__title">
        {L.createTitle}
      </h2>
      <form className="form" onSubmit={onSubmit} noValidate>
        <div className="form-grid">
          <TextField
            label={L.name}
            name="name"
            required
            maxLength={PROJECT_FIELD_LIMITS.name}
            value={values.name}
            error={nameError}
            onChange={(event) => {
              setValues((prev) => ({ ...prev, name: event.target.value }));
              if (nameError) setNameError(undefined);
            }}
          />
          <TextAreaField
            label={L.description}
            name="description"
            maxLength={PROJECT_FIELD_LIMITS.description}
            value={values.description}
            onChange={(event) => setValues((prev) => ({ ...prev, description: event.target.value }))}
          />
        </div>
        {submitError && <Alert tone="error">{submitError}</Alert>}
        <div className="form__actions">
          <Button type="submit" busy={create.isPending}>
            {L.create}
          </Button>
        </div>
      </form>
    </section>
  );
}

function ProjectList() {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const projects = useQuery(projectsQuery());

  let content;
  if (projects.isPending || (projects.isError && isUnauthorized(projects.error))) {
    content = <LoadingState label={TEXTS.common.loading} />;
  } else if (projects.isError) {
    content = (
      <div className="stack">
        <Alert tone="error">{L.loadFailed}</Alert>
        <div>
          <Button variant="secondary" onClick={() => void projects.refetch()} busy={projects.isFetching}>
            {TEXTS.common.retry}
          </Button>
        </div>
      </div>
    );
  } else if (projects.data.length === 0) {
    content = <p className="library__empty">{L.empty}</p>;
  } else {
    content = (
      <ul className="entity-list" aria-labelledby={headingId}>
        {projects.data.map((project) => (
          <li key={project.id}>
            <ProjectItem project={project} onDeleted={() => headingRef.current?.focus()} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <section className="stack" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="library__heading">
        {L.listTitle}
      </h2>
      {content}
    </section>
  );
}

function ProjectItem({ project, onDeleted }: { project: Project; onDeleted: () => void }) {
  const titleId = useId();
  const transcriptsId = useId();
  const queryClient = useQueryClient();
  const articleRef = useRef<HTMLElement>(null);
  const [editing, setEditing] = useState(false);
  const [showTranscripts, setShowTranscripts] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const created = formatDateTime(project.created_at);

  const remove = useMutation({
    mutationFn: () => deleteProject(project.id),
    onSuccess: () => {
      setConfirmingDelete(false);
      queryClient.setQueryData<Project[]>(libraryKeys.projects, (list) => list?.filter((p) => p.id !== project.id));
      toast.success(L.deleted);
      onDeleted();
      void queryClient.invalidateQueries({ queryKey: libraryKeys.projects });
      // Its transcripts stay, outside any project.
      void queryClient.invalidateQueries({ queryKey: libraryKeys.lists });
      void queryClient.invalidateQueries({ queryKey: libraryKeys.transcripts });
    },
    onError: (error) => {
      setConfirmingDelete(false);
      if (!isUnauthorized(error)) toast.error(deleteProjectError(error));
    },
  });

  return (
    <article ref={articleRef} className="entity" aria-labelledby={titleId}>
      {editing ? (
        <EditProjectForm
          project={project}
          onDone={() => {
            setEditing(false);
            requestAnimationFrame(() => articleRef.current?.querySelector<HTMLElement>('[data-action="edit"]')?.focus());
          }}
        />
      ) : (
        <>
          <div className="entity__head">
            <h3 id={titleId} className="entity__name">
              {project.name}
            </h3>
            <div className="library__actions">
              <Button
                size="sm"
                variant="secondary"
                aria-expanded={showTranscripts}
                aria-controls={showTranscripts ? transcriptsId : undefined}
                onClick={() => setShowTranscripts((value) => !value)}
              >
                {showTranscripts ? L.hideTranscripts : L.viewTranscripts}
                <span className="visually-hidden">{L.transcriptsOf(project.name)}</span>
              </Button>
              <Button data-action="edit" size="sm" variant="secondary" aria-label={L.editLabel(project.name)} onClick={() => setEditing(true)}>
                {L.edit}
              </Button>
              <Button size="sm" variant="danger" aria-label={L.deleteLabel(project.name)} busy={remove.isPending} onClick={() => setConfirmingDelete(true)}>
                {L.delete}
              </Button>
            </div>
          </div>
          {project.description && <p className="entity__text">{project.description}</p>}
          {created && <p className="entity__meta">{L.createdOn(created)}</p>}
        </>
      )}
      {showTranscripts && <ProjectTranscripts id={transcriptsId} projectId={project.id} />}
      <Modal
        open={confirmingDelete}
        onClose={() => setConfirmingDelete(false)}
        dismissible={!remove.isPending}
        title={L.deleteTitle(project.name)}
        description={L.deleteText}
      >
        <div className="modal__actions">
          <Button variant="secondary" disabled={remove.isPending} onClick={() => setConfirmingDelete(false)}>
            {L.cancel}
          </Button>
          <Button variant="danger" busy={remove.isPending} onClick={() => remove.mutate()}>
            {L.delete}
          </Button>
        </div>
      </Modal>
    </article>
  );
}

function EditProjectForm({ project, onDone }: { project: Project; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<ProjectInput>({ name: project.name, description: project.description ?? '' });
  const [nameError, setNameError] = useState<string>();

  const update = useMutation({
    mutationFn: (input: ProjectInput) => updateProject(project.id, input),
    onSuccess: (saved, input) => {
      queryClient.setQueryData<Project[]>(libraryKeys.projects, (list) => list?.map((p) => (p.id === project.id ? { ...p, ...input, ...(saved ?? {}) } : p)));
      toast.success(L.updated);
      void queryClient.invalidateQueries({ queryKey: libraryKeys.projects });
      onDone();
    },
  });
  const submitError = update.isError && !isUnauthorized(update.error) ? updateProjectError(update.error) : undefined;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = validateProject(values);
    if (!checked.ok) {
      setNameError(checked.error);
      focusName(event.currentTarget);
      return;
    }
    setNameError(undefined);
    update.mutate(checked.input);
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label={L.editLabel(project.name)}>
      <div className="form-grid">
        <TextField
          label={L.name}
          name="name"
          required
          autoFocus
          maxLength={PROJECT_FIELD_LIMITS.name}
          value={values.name}
          error={nameError}
          onChange={(event) => {
            setValues((prev) => ({ ...prev, name: event.target.value }));
            if (nameError) setNameError(undefined);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onDone();
          }}
        />
        <TextAreaField
          label={L.description}
          name="description"
          maxLength={PROJECT_FIELD_LIMITS.description}
          value={values.description}
          onChange={(event) => setValues((prev) => ({ ...prev, description: event.target.value }))}
        />
      </div>
      {submitError && <Alert tone="error">{submitError}</Alert>}
      <div className="form__actions">
        <Button type="submit" size="sm" busy={update.isPending}>
          {L.save}
        </Button>
        <Button size="sm" variant="secondary" disabled={update.isPending} onClick={onDone}>
          {L.cancel}
        </Button>
      </div>
    </form>
  );
}

/** The project's transcripts, loaded when shown (SPEC 3: loaded on demand), each linking to its detail. */
function ProjectTranscripts({ id, projectId }: { id: string; projectId: string }) {
  const transcripts = useQuery(projectTranscriptsQuery(projectId));
  if (transcripts.isPending || (transcripts.isError && isUnauthorized(transcripts.error))) {
    return (
      <div id={id}>
        <LoadingState label={TEXTS.common.loading} />
      </div>
    );
  }
  if (transcripts.isError) {
    return (
      <div id={id} className="stack">
        <Alert tone="error">{L.transcriptsLoadFailed}</Alert>
        <div>
          <Button size="sm" variant="secondary" onClick={() => void transcripts.refetch()} busy={transcripts.isFetching}>
            {TEXTS.common.retry}
          </Button>
        </div>
      </div>
    );
  }
  if (transcripts.data.length === 0) {
    return (
      <p id={id} className="entity__meta">
        {L.noTranscripts}
      </p>
    );
  }
  return (
    <ul id={id} className="entity__transcripts">
      {transcripts.data.map((transcript) => {
        const created = formatDateTime(transcript.created_at);
        return (
          <li key={transcript.id}>
            <Link to={paths.transcript(transcript.id)}>{transcript.filename || TEXTS.transcripts.detailTitle}</Link>
            <span className={`badge badge--${transcript.status === 'complete' ? 'success' : transcript.status === 'failed' ? 'failed' : 'pending'}`}>{transcript.status}</span>
            {created && (
              <time className="entity__meta" dateTime={transcript.created_at}>
                {created}
              </time>
            )}
          </li>
        );
      })}
    </ul>
  );
}
