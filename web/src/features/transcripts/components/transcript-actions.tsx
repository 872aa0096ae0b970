import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { SelectField, TextField } from '@web/components/ui/field';
import { UNDO_TOAST_MS, UndoDelete } from '@web/components/ui/undo-delete';
import { WORKSPACE_TEXTS } from '../texts';
import { READING_TEXTS, TRANSCRIPTS_TEXTS } from '@web/transcript/texts';
import { failureText, isApiRequestError, isUnauthorized } from '@web/lib/api-client';
import { projectsQuery } from '@web/lib/library-keys';
import type { Transcript } from '@web/transcript/api/get-transcript';
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

/** Project and tags (tags as the transcribe form takes them: comma-separated; new names become tags); `onDone` once saved or cancelled. */
export function ProjectAndTags({ transcript, onDone }: { transcript: Transcript; onDone: () => void }) {
  const projects = useQuery(projectsQuery());
  const [projectId, setProjectId] = useState(transcript.project_id ?? '');
  const [tags, setTags] = useState(transcript.tags.join(', '));
  const edit = useEditTranscript(transcript.id);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await attempt(() => edit.mutateAsync({ project_id: projectId || null, tags: tags.split(',') }));
    if (!answer) return;
    toast.success(T.detailsSaved);
    onDone();
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
      <div className="title-row">
        <button type="submit" className="btn btn--primary btn--sm" disabled={edit.isPending}>
          {T.saveDetails}
        </button>
        <button type="button" className="btn btn--secondary btn--sm" onClick={onDone}>
          {READING_TEXTS.cancel}
        </button>
      </div>
    </form>
  );
}

/** Speaker names, renamed everywhere (text, groups, exports) in one save (in the toolbar's Speakers panel, which names it). */
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
    <form className="stack stack--gap-2 workspace-form" onSubmit={submit}>
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

/**
 * Delete (to the trash at once, with Undo in its toast: issue 28 keeps the library's way) and Restore.
 * Each says how it went; the page then shows the transcript in the trash, or back.
 */
export function useTrash(transcript: Transcript) {
  const trash = useTrashTranscript(transcript.id);
  const name = transcript.filename ?? TRANSCRIPTS_TEXTS.detailTitle;
  const restore = async () => {
    const moved = await attempt(() => trash.mutateAsync(false), TRANSCRIPTS_TEXTS.restoreFailed);
    if (moved) toast.success(T.restored);
  };
  const remove = async () => {
    const moved = await attempt(() => trash.mutateAsync(true), TRANSCRIPTS_TEXTS.deleteFailed);
    if (moved) toast.success(<UndoDelete text={T.deleted(name)} name={name} onUndo={() => void restore()} />, { autoClose: UNDO_TOAST_MS });
  };
  return { remove, restore, busy: trash.isPending };
}

/** Restore, for a transcript in the trash. */
export function RestoreAction({ transcript }: { transcript: Transcript }) {
  const { restore, busy } = useTrash(transcript);
  return (
    <button type="button" className="btn btn--primary btn--sm" disabled={busy} onClick={() => void restore()}>
      {TRANSCRIPTS_TEXTS.restore}
    </button>
  );
}
