import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { EXPORT_FORMATS, type ExportFormat } from '@domain/export-formats';
import { ConfirmModal } from '@web/components/ui/confirm-modal';
import { CheckboxField, SelectField, TextField } from '@web/components/ui/field';
import { WORKSPACE_TEXTS } from '../texts';
import { READING_TEXTS, TRANSCRIPTS_TEXTS } from '@web/transcript/texts';
import { failureText, isApiRequestError, isUnauthorized } from '@web/lib/api-client';
import { projectsQuery } from '@web/lib/library-keys';
import type { Transcript } from '@web/transcript/api/get-transcript';
import { exportUrl } from '@web/transcript/api/workspace';
import { useEditTranscript, useTrashTranscript } from '@web/transcript/api/transcript-changes';

const T = WORKSPACE_TEXTS;

/**
 * Runs a change; a failure (other than a lapsed session, which the shared rule handles) is a toast: the
 * server's own words when it refused the change (a blank name, a name too long), else `failure`.
 */
export async function attempt<R>(change: () => Promise<R>, failure: string = T.changeFailed): Promise<R | undefined> {
  try {
    return await change();
  } catch (error) {
    if (!isUnauthorized(error)) toast.error(isApiRequestError(error) && error.status < 500 ? failureText(error, failure) : failure);
    return undefined;
  }
}

/** The name, in place: Rename opens a field; Enter or Save stores it, Escape or Cancel leaves it. */
export function RenameTitle({ transcript }: { transcript: Transcript }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(transcript.filename);
  const edit = useEditTranscript(transcript.id);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await attempt(() => edit.mutateAsync({ filename: name }));
    if (!answer) return;
    toast.success(T.renamed);
    setEditing(false);
  };
  if (!editing) {
    return (
      <div className="title-row">
        <h1 className="page-title break">{transcript.filename}</h1>
        {!transcript.deleted && (
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => (setName(transcript.filename), setEditing(true))}>
            {T.rename}
          </button>
        )}
      </div>
    );
  }
  return (
    <form className="title-row" onSubmit={submit}>
      <label className="visually-hidden" htmlFor="rename-field">
        {T.nameLabel}
      </label>
      <input id="rename-field" className="input" value={name} maxLength={200} required autoFocus onChange={(event) => setName(event.target.value)} onKeyDown={(event) => event.key === 'Escape' && setEditing(false)} />
      <button type="submit" className="btn btn--primary btn--sm" disabled={edit.isPending}>
        {READING_TEXTS.save}
      </button>
      <button type="button" className="btn btn--secondary btn--sm" onClick={() => setEditing(false)}>
        {READING_TEXTS.cancel}
      </button>
    </form>
  );
}

/** Project and tags (tags as the transcribe form takes them: comma-separated; new names become tags). */
export function ProjectAndTags({ transcript }: { transcript: Transcript }) {
  const projects = useQuery(projectsQuery());
  const [projectId, setProjectId] = useState(transcript.project_id ?? '');
  const [tags, setTags] = useState(transcript.tags.join(', '));
  const edit = useEditTranscript(transcript.id);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await attempt(() => edit.mutateAsync({ project_id: projectId || null, tags: tags.split(',') }));
    if (answer) toast.success(T.detailsSaved);
  };
  return (
    <form className="stack stack--gap-2 workspace-form" onSubmit={submit}>
      <SelectField
        label={TRANSCRIPTS_TEXTS.projectLabel}
        options={(projects.data ?? []).map((project) => ({ value: project.id, label: project.name }))}
        placeholder={T.noProject}
        value={projectId}
        onChange={(event) => setProjectId(event.target.value)}
      />
      <TextField label={T.tagsLabel} value={tags} onChange={(event) => setTags(event.target.value)} />
      <button type="submit" className="btn btn--secondary btn--sm" disabled={edit.isPending}>
        {T.saveDetails}
      </button>
    </form>
  );
}

/** Speaker names, renamed everywhere (text, groups, exports) in one save. */
export function SpeakerNames({ transcript }: { transcript: Transcript }) {
  const speakers = [...new Set(transcript.speakers)];
  // A Map: a speaker label is the transcript's text, and one such as 'constructor' must not read Object.prototype.
  const [names, setNames] = useState(() => new Map(speakers.map((speaker) => [speaker, speaker])));
  const edit = useEditTranscript(transcript.id);
  if (speakers.length === 0) return null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const changed = Object.fromEntries([...names].filter(([speaker, name]) => name.trim() && name.trim() !== speaker));
    if (Object.keys(changed).length === 0) return;
    const answer = await attempt(() => edit.mutateAsync({ speakers: changed }));
    if (answer) {
      setNames(new Map(answer.speakers.map((speaker) => [speaker, speaker])));
      toast.success(T.speakersSaved);
    }
  };
  return (
    <form className="stack stack--gap-2 workspace-form" onSubmit={submit} aria-labelledby="speakers-title">
      <h3 id="speakers-title" className="card__subtitle">
        {T.speakersTitle}
      </h3>
      {speakers.map((speaker, index) => (
        <div className="field" key={speaker}>
          <label className="field__label" htmlFor={`speaker-${index}`}>
            {T.speakerLabel(speaker)}
          </label>
          <input id={`speaker-${index}`} className="input" maxLength={100} value={names.get(speaker) ?? speaker} onChange={(event) => setNames(new Map(names).set(speaker, event.target.value))} />
        </div>
      ))}
      <button type="submit" className="btn btn--secondary btn--sm" disabled={edit.isPending}>
        {T.saveSpeakers}
      </button>
    </form>
  );
}

/** Download as any export format, with or without times and speakers (a plain link: the browser downloads it). */
export function ExportMenu({ transcript }: { transcript: Transcript }) {
  const [format, setFormat] = useState<ExportFormat>('docx');
  const [timestamps, setTimestamps] = useState(true);
  const [speakers, setSpeakers] = useState(true);
  return (
    <div className="stack stack--gap-2 workspace-form" role="group" aria-labelledby="export-title">
      <h3 id="export-title" className="card__subtitle">
        {T.exportLabel}
      </h3>
      <select className="input select" aria-label={T.exportLabel} value={format} onChange={(event) => setFormat(event.target.value as ExportFormat)}>
        {EXPORT_FORMATS.map((value) => (
          <option key={value} value={value}>
            {T.formats[value]}
          </option>
        ))}
      </select>
      <CheckboxField label={T.withTimes} checked={timestamps} onChange={(event) => setTimestamps(event.target.checked)} />
      <CheckboxField label={T.withSpeakers} checked={speakers} onChange={(event) => setSpeakers(event.target.checked)} />
      <a className="btn btn--primary btn--sm" href={exportUrl(transcript.id, format, { timestamps, speakers })} download>
        {T.exportButton}
      </a>
    </div>
  );
}

/** Delete (to the trash, asked again) or, for a transcript in the trash, Restore. */
export function TrashAction({ transcript }: { transcript: Transcript }) {
  const [asking, setAsking] = useState(false);
  const trash = useTrashTranscript(transcript.id);
  const busy = trash.isPending;
  const move = async (deleting: boolean) => {
    const moved = await attempt(() => trash.mutateAsync(deleting), deleting ? TRANSCRIPTS_TEXTS.deleteFailed : TRANSCRIPTS_TEXTS.restoreFailed);
    setAsking(false);
    if (moved) toast.success(deleting ? T.deleted : T.restored);
  };
  if (transcript.deleted) {
    return (
      <button type="button" className="btn btn--primary btn--sm" disabled={busy} onClick={() => void move(false)}>
        {TRANSCRIPTS_TEXTS.restore}
      </button>
    );
  }
  return (
    <>
      <button type="button" className="btn btn--danger btn--sm" onClick={() => setAsking(true)}>
        {TRANSCRIPTS_TEXTS.delete}
      </button>
      <ConfirmModal
        open={asking}
        busy={busy}
        onCancel={() => setAsking(false)}
        onConfirm={() => void move(true)}
        title={T.deleteConfirmTitle}
        description={T.deleteConfirmDescription}
        cancelLabel={READING_TEXTS.cancel}
        confirmLabel={TRANSCRIPTS_TEXTS.delete}
      />
    </>
  );
}
