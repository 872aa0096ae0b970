import { useId, type FormEvent, type ReactNode, type Ref } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Button } from '@web/components/ui/button';
import { CheckboxField, Options } from '@web/components/ui/field';
import { COMMON_TEXTS } from '@web/config/texts';
import { TRANSCRIBE_TEXTS, UPLOAD_QUEUE_TEXTS } from '../texts';
import { MAX_UPLOAD_BYTES } from '@domain/constants';
import { formatBytes } from '@domain/file-size';
import { tabHref } from '@web/config/dashboard-tabs';
import { capabilitiesQuery } from '@web/lib/capabilities';
import { projectChoicesQuery, tagChoicesQuery } from '../api/transcribe';
import { languageChoices, speakerCountChoices, toggleTag, type TranscribeChoices } from '../options';

const T = TRANSCRIBE_TEXTS;

export interface TranscribeFormProps {
  file: File | null;
  /** Files waiting in the queue (not yet settled): the hint names them, the browser's picker shows none. */
  queuedCount?: number;
  /** The files picked (one, or several for the queue). */
  onFilesChange: (files: File[]) => void;
  fileInputRef: Ref<HTMLInputElement>;
  /** 'Please choose a file.' is tied to the file input. */
  fileError: boolean;
  choices: TranscribeChoices;
  onChoicesChange: (choices: TranscribeChoices) => void;
  /** An upload or start is under way: the form is locked. */
  busy: boolean;
  /** Why the form is locked, shown above it (issue 15, point 5); absent: not locked. */
  lockedReason?: string | undefined;
  /** The 'Record' button, beside the file picker. */
  recordButton?: ReactNode;
  /** The recording under way, or what became of it, under the file picker. */
  recorderPanel?: ReactNode;
  /** The queue of several files, under the options (which apply to all of them). */
  queue?: ReactNode;
  onSubmit: () => void;
}

/**
 * docs/product.md#screens-and-routes, Transcribe tab: the file (audio or video), the options with docs/product.md#constants-and-limits defaults,
 * the project (none = no project) and tags, and 'Transcribe'. The form does not use the browser's own
 * validation: the missing file gets the product's text 'Please choose a file.' from the tab.
 */
export function TranscribeForm({ file, queuedCount = 0, onFilesChange, fileInputRef, fileError, choices, onChoicesChange, busy, lockedReason, recordButton, recorderPanel, queue, onSubmit }: TranscribeFormProps) {
  const fileId = useId();
  const fileHintId = useId();
  const projectId = useId();
  const uploadTitleId = useId();
  const lockedId = useId();
  const set = <K extends keyof TranscribeChoices>(key: K, value: TranscribeChoices[K]) => onChoicesChange({ ...choices, [key]: value });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <form className="card transcribe-form" onSubmit={submit} noValidate aria-labelledby={uploadTitleId} aria-busy={busy || undefined}>
      <h2 id={uploadTitleId} className="card__title">
        {T.uploadTitle}
      </h2>
      {lockedReason && (
        <p id={lockedId} className="transcribe-form__locked" role="status">
          <span className="spinner spinner--inline" aria-hidden="true" />
          {lockedReason}
        </p>
      )}
      <fieldset className="transcribe-form__body" disabled={busy || !!lockedReason} aria-describedby={lockedReason ? lockedId : undefined}>
        <div className="field">
          <label className="field__label" htmlFor={fileId}>
            {T.file}
          </label>
          <div className="row transcribe-form__source">
            <input
              ref={fileInputRef}
              id={fileId}
              name="file"
              type="file"
              accept="audio/*,video/*"
              multiple
              className="input file-input"
              aria-describedby={lockedReason ? `${fileHintId} ${lockedId}` : fileHintId}
              aria-invalid={fileError || undefined}
              onChange={(event) => {
                const files = [...(event.currentTarget.files ?? [])];
                onFilesChange(files);
                // Several files go to the queue: the picker is emptied so the same ones can be picked again.
                if (files.length > 1) event.currentTarget.value = '';
              }}
            />
            {recordButton}
          </div>
          <p id={fileHintId} className="field__hint">
            {file ? `${file.name} · ${formatBytes(file.size)}` : queuedCount > 0 ? UPLOAD_QUEUE_TEXTS.inQueue(queuedCount) : T.fileHint(formatBytes(MAX_UPLOAD_BYTES))}
          </p>
          {recorderPanel}
        </div>

        <OptionChoices choices={choices} onChange={set} />

        <fieldset className="transcribe-form__group">
          <legend className="field__label">{T.organiseTitle}</legend>
          <ProjectChoice id={projectId} value={choices.projectId} onChange={(value) => set('projectId', value)} />
          <TagChoices value={choices.tags} onChange={(tags) => set('tags', tags)} />
        </fieldset>
      </fieldset>
      {/* Outside the locked fieldset: each row's Cancel works while the queue is being sent. */}
      {queue}
      <div className="form__actions transcribe-form__actions">
        {/* Locked (a file or the queue being sent): the spinner says why it can't be pressed now. */}
        <Button type="submit" size="lg" busy={busy || !!lockedReason}>
          {TRANSCRIBE_TEXTS.transcribe}
        </Button>
      </div>
    </form>
  );
}

/** The transcription options (docs/product.md#constants-and-limits defaults): language, summary, verbatim, speakers, times. What this server can't do is shown, disabled. */
function OptionChoices({ choices, onChange: set }: { choices: TranscribeChoices; onChange: <K extends keyof TranscribeChoices>(key: K, value: TranscribeChoices[K]) => void }) {
  const languageId = useId();
  const speakerCountId = useId();
  const capabilities = useQuery(capabilitiesQuery());
  const languages = languageChoices(capabilities.data);
  const speakersAvailable = capabilities.data?.transcription.speaker_identification ?? true;
  return (
    <fieldset className="transcribe-form__group">
      <legend className="field__label">{T.optionsTitle}</legend>
      <div className="field">
        <label className="field__label" htmlFor={languageId}>
          {T.language}
        </label>
        <select id={languageId} name="language" className="input select" value={choices.language} onChange={(event) => set('language', event.currentTarget.value)}>
          {languages.map((language) => (
            <option key={language.code} value={language.code} disabled={language.unavailable !== undefined}>
              {language.unavailable ? T.unavailableOption(language.name, language.unavailable) : language.name}
            </option>
          ))}
        </select>
      </div>
      <div className="transcribe-form__checks">
        <CheckboxField label={T.aiSummary} name="use_ai_summary" checked={choices.useAiSummary} onChange={(event) => set('useAiSummary', event.currentTarget.checked)} />
        <CheckboxField label={T.verbatim} name="verbatim" checked={choices.verbatim} onChange={(event) => set('verbatim', event.currentTarget.checked)} />
        <CheckboxField
          label={speakersAvailable ? T.diarization : T.unavailableOption(T.diarization, T.notAvailableHere)}
          name="diarization"
          checked={choices.diarization && speakersAvailable}
          disabled={!speakersAvailable}
          onChange={(event) => set('diarization', event.currentTarget.checked)}
        />
        {choices.diarization && speakersAvailable ? (
          <div className="field">
            <label className="field__label" htmlFor={speakerCountId}>
              {T.speakerCount}
            </label>
            <select id={speakerCountId} name="speaker_count" className="input select" value={String(choices.speakerCount)} onChange={(event) => set('speakerCount', event.currentTarget.value === 'auto' ? 'auto' : Number(event.currentTarget.value))}>
              {speakerCountChoices(capabilities.data).map((count) => (
                <option key={count} value={String(count)}>
                  {count === 'auto' ? T.speakerCountAuto : count}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <CheckboxField label={T.timestamps} name="include_timestamps" checked={choices.includeTimestamps} onChange={(event) => set('includeTimestamps', event.currentTarget.checked)} />
      </div>
    </fieldset>
  );
}

function ProjectChoice({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  const hintId = useId();
  const projects = useQuery(projectChoicesQuery());
  const list = Array.isArray(projects.data) ? projects.data : [];
  // A chosen project that is gone (deleted in another tab) falls back to none.
  const selected = list.some((project) => project.id === value) ? value : '';
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {T.project}
      </label>
      <select
        id={id}
        name="project_id"
        className="input select"
        value={selected}
        onChange={(event) => onChange(event.currentTarget.value)}
        aria-describedby={projects.isError ? hintId : undefined}
        aria-busy={projects.isPending || undefined}
      >
        <option value="">{T.noProject}</option>
        <Options options={list.map((project) => ({ value: project.id, label: project.name }))} />
      </select>
      {projects.isError && (
        <p id={hintId} className="field__hint">
          {T.projectsLoadFailed}
        </p>
      )}
    </div>
  );
}

function TagChoices({ value, onChange }: { value: readonly string[]; onChange: (tags: string[]) => void }) {
  const tags = useQuery(tagChoicesQuery());
  const list = Array.isArray(tags.data) ? tags.data : [];
  return (
    <fieldset className="tag-choices">
      <legend className="field__label">{T.tags}</legend>
      {tags.isPending ? (
        <p className="field__hint" aria-busy="true">
          {COMMON_TEXTS.loading}
        </p>
      ) : tags.isError ? (
        <p className="field__hint">{T.tagsLoadFailed}</p>
      ) : list.length === 0 ? (
        <p className="field__hint">
          {T.noTags} <Link to={tabHref('tags')}>{T.manageTags}</Link>
        </p>
      ) : (
        <ul className="tag-choices__list">
          {list.map((tag) => (
            <li key={tag.id}>
              <label className="tag-choice">
                <input type="checkbox" name="tags" value={tag.name} checked={value.includes(tag.name)} onChange={(event) => onChange(toggleTag(value, tag.name, event.currentTarget.checked))} />
                <span>{tag.name}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
