import { useId, useState, type FormEvent, type KeyboardEventHandler, type TextareaHTMLAttributes } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { toast } from 'react-toastify';
import { Alert } from '@web/components/ui/alert';
import { Button, SubmitActions } from '@web/components/ui/button';
import { CardSection } from '@web/components/ui/card-section';
import { TextField } from '@web/components/ui/field';
import { LoadFailed } from '@web/components/ui/load-failed';
import { cancelOnEscape, focusNameField, InlineEditActions, useInlineEdit } from '@web/components/inline-edit';
import { LoadingState } from '@web/components/ui/spinner';
import { paths } from '@web/config/paths';
import { COMMON_TEXTS } from '@web/config/texts';
import { LIBRARY_TEXTS } from '../texts';
import { TRANSCRIPTS_TEXTS } from '@web/transcript/texts';
import { isUnauthorized } from '@web/lib/api-client';
import { useRunningRows } from '../api/running-rows';
import { loadedItems, projectTranscriptsQuery, usePagedList } from '../api/transcripts';
import { useFocusNewItem } from '../hooks/use-focus-new-item';
import { DeleteConfirm, EntityActions, EntityList, formAboveList, useDeleteConfirmation } from './entity-list';
import { formatDateTime } from '@web/transcript/format';
import { projectsQuery, useCreateProject, useDeleteProject, useUpdateProject, type Project, type ProjectInput } from '../api/projects';
import { createProjectError, deleteProjectError, PROJECT_FIELD_LIMITS, updateProjectError, validateProject } from '../project-form';
import '../library.css';

const L = LIBRARY_TEXTS.projects;

/** docs/product.md#screens-and-routes, the Projects tab: the create form (name, description) and the list with edit, delete and view/hide transcripts. */
export const ProjectsTab = formAboveList(CreateProjectForm, ProjectList);

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

const EMPTY: ProjectInput = { name: '', description: '' };

/**
 * The create and edit forms' state: the values, the name's check on submit (a refused submit shows why and
 * focuses the name), and the failure text of the last send (a 401 is the shared rule's).
 */
function useProjectForm(initial: ProjectInput, send: { isError: boolean; error: unknown; mutate: (input: ProjectInput) => void }, failureText: (error: unknown) => string) {
  const [values, setValues] = useState<ProjectInput>(initial);
  const [nameError, setNameError] = useState<string>();
  const submitError = send.isError && !isUnauthorized(send.error) ? failureText(send.error) : undefined;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = validateProject(values);
    if (!checked.ok) {
      setNameError(checked.error);
      focusNameField(event.currentTarget);
      return;
    }
    setNameError(undefined);
    send.mutate(checked.input);
  };
  const setName = (name: string) => {
    setValues((prev) => ({ ...prev, name }));
    if (nameError) setNameError(undefined);
  };
  const setDescription = (description: string) => setValues((prev) => ({ ...prev, description }));
  return { values, nameError, submitError, onSubmit, setName, setDescription, reset: () => setValues(initial) };
}

/** The name and description fields, then the send's failure. */
function ProjectFields({ form, autoFocus, onKeyDown }: { form: ReturnType<typeof useProjectForm>; autoFocus?: boolean; onKeyDown?: KeyboardEventHandler }) {
  return (
    <>
      <div className="form-grid">
        <TextField
          label={L.name}
          name="name"
          required
          autoFocus={autoFocus}
          maxLength={PROJECT_FIELD_LIMITS.name}
          value={form.values.name}
          error={form.nameError}
          onChange={(event) => form.setName(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <TextAreaField
          label={L.description}
          name="description"
          maxLength={PROJECT_FIELD_LIMITS.description}
          value={form.values.description}
          onChange={(event) => form.setDescription(event.target.value)}
        />
      </div>
      {form.submitError && <Alert tone="error">{form.submitError}</Alert>}
    </>
  );
}

function CreateProjectForm() {
  const create = useCreateProject(() => {
    form.reset();
    toast.success(L.created);
  });
  const form = useProjectForm(EMPTY, create, createProjectError);

  return (
    <CardSection title={L.createTitle}>
      <form className="form" onSubmit={form.onSubmit} noValidate>
        <ProjectFields form={form} />
        <SubmitActions busy={create.isPending}>{L.create}</SubmitActions>
      </form>
    </CardSection>
  );
}

function ProjectList() {
  const projects = useQuery(projectsQuery());
  return (
    <EntityList
      query={projects}
      title={L.listTitle}
      loadFailed={L.loadFailed}
      empty={L.empty}
      renderItem={(project, onDeleted) => <ProjectItem project={project} onDeleted={onDeleted} />}
    />
  );
}

function ProjectItem({ project, onDeleted }: { project: Project; onDeleted: () => void }) {
  const titleId = useId();
  const transcriptsId = useId();
  const edit = useInlineEdit<HTMLElement>('edit');
  const [showTranscripts, setShowTranscripts] = useState(false);
  const created = formatDateTime(project.created_at);
  const confirmation = useDeleteConfirmation(L.deleted, onDeleted, (error) => {
    if (!isUnauthorized(error)) toast.error(deleteProjectError(error));
  });
  const remove = useDeleteProject(project.id, confirmation.handlers);

  return (
    <article ref={edit.ref} className="panel stack stack--gap-3 entity" aria-labelledby={titleId}>
      {edit.editing ? (
        <EditProjectForm project={project} onDone={edit.stop} />
      ) : (
        <>
          <div className="spread-row entity__head">
            <h3 id={titleId} className="entity__name">
              {project.name}
            </h3>
            <EntityActions
              edit={{ action: 'edit', text: COMMON_TEXTS.edit, label: L.editLabel(project.name), onClick: edit.start }}
              remove={{ text: COMMON_TEXTS.delete, label: L.deleteLabel(project.name), busy: remove.isPending, onClick: confirmation.ask }}
            >
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
            </EntityActions>
          </div>
          {project.description && <p className="entity__text">{project.description}</p>}
          {created && <p className="note note--subtle">{L.createdOn(created)}</p>}
        </>
      )}
      {showTranscripts && <ProjectTranscripts id={transcriptsId} projectId={project.id} />}
      <DeleteConfirm confirmation={confirmation} name={project.name} texts={L} remove={remove} />
    </article>
  );
}

function EditProjectForm({ project, onDone }: { project: Project; onDone: () => void }) {
  const update = useUpdateProject(project.id, () => {
    toast.success(L.updated);
    onDone();
  });
  const form = useProjectForm({ name: project.name, description: project.description ?? '' }, update, updateProjectError);

  return (
    <form className="form" onSubmit={form.onSubmit} noValidate aria-label={L.editLabel(project.name)}>
      <ProjectFields form={form} autoFocus onKeyDown={cancelOnEscape(onDone)} />
      <InlineEditActions busy={update.isPending} saveLabel={COMMON_TEXTS.save} cancelLabel={COMMON_TEXTS.cancel} onCancel={onDone} />
    </form>
  );
}

/** The project's transcripts, loaded when shown (docs/product.md#entities: loaded on demand), each linking to its detail. */
function ProjectTranscripts({ id, projectId }: { id: string; projectId: string }) {
  const transcripts = usePagedList(projectTranscriptsQuery(projectId));
  const focusNew = useFocusNewItem<HTMLUListElement>('a');
  useRunningRows(loadedItems(transcripts.data), transcripts.dataUpdatedAt);
  // A failed next page keeps the loaded ones shown (its button says Try again): only a list with no page in is an error.
  if (transcripts.data === undefined && (transcripts.isPending || isUnauthorized(transcripts.error))) {
    return (
      <div id={id}>
        <LoadingState label={COMMON_TEXTS.loading} />
      </div>
    );
  }
  if (transcripts.data === undefined) {
    return <LoadFailed id={id} message={L.transcriptsLoadFailed} query={transcripts} size="sm" />;
  }
  const items = loadedItems(transcripts.data);
  if (items.length === 0 && !transcripts.hasNextPage) {
    return (
      <p id={id} className="note note--subtle">
        {L.noTranscripts}
      </p>
    );
  }
  return (
    <div id={id} className="stack">
    <ul ref={focusNew.containerRef} className="list-stack entity__transcripts">
      {items.map((transcript) => {
        const created = formatDateTime(transcript.created_at);
        return (
          <li key={transcript.id}>
            <Link to={paths.transcript(transcript.id)}>{transcript.filename || TRANSCRIPTS_TEXTS.detailTitle}</Link>
            <span className={`badge badge--${transcript.status === 'complete' ? 'success' : transcript.status === 'failed' ? 'failed' : 'pending'}`}>{transcript.status}</span>
            {created && (
              <time className="note note--subtle" dateTime={transcript.created_at}>
                {created}
              </time>
            )}
          </li>
        );
      })}
    </ul>
    {transcripts.hasNextPage && (
      <div>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => {
            focusNew.awaitItem(items.length);
            void transcripts.fetchNextPage();
          }}
          busy={transcripts.isFetchingNextPage}
        >
          {transcripts.isFetchNextPageError ? COMMON_TEXTS.retry : L.moreTranscripts}
        </Button>
      </div>
    )}
    </div>
  );
}
