import { memo, useId, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { toast } from 'react-toastify';
import { FailedJob, JobProgress } from '@web/components/transcript/job-progress';
import { Translation } from '@web/components/transcript/translation';
import { Button } from '@web/components/ui/button';
import { MenuButton, type MenuItem } from '@web/components/ui/menu-button';
import { paths } from '@web/config/paths';
import { TEXTS } from '@web/config/texts';
import { isUnauthorized } from '@web/lib/api-client';
import { libraryKeys } from '@web/lib/library-keys';
import { transcriptQueryOptions } from '@web/lib/transcripts/get-transcript';
import { formatDateTime } from '@web/lib/transcripts/format';
import { restoreTranscript } from '@web/lib/transcripts/workspace';
import { clockTime } from '@web/lib/transcripts/words';
import { useMoveTranscript, type TranscriptListItem } from '../api/transcripts';
import { DOWNLOAD_FORMATS, downloadFile, saveFile, type DownloadFormat } from '../download';
import { deleteErrorMessage, downloadName, isComplete, previewText, restoreErrorMessage } from '../format';

const T = TEXTS.transcripts;
const L = TEXTS.library;

/** A toast with an action stays long enough to use it (SPEC's 3 s is for notices that only inform). */
const UNDO_TOAST_MS = 8000;

export interface TranscriptRowProps {
  item: TranscriptListItem;
  /** The name of the item's project, when it is in one. */
  projectName?: string | undefined;
  /** The languages offered for translation. */
  languages: readonly string[];
  /** Called after the item left this list (deleted or restored), so focus can go somewhere sensible. */
  onRemoved: (id: string) => void;
}

const statusTone = (status: string) => (status === 'complete' ? 'success' : status === 'failed' ? 'failed' : 'pending');

/**
 * One transcript of the Transcribed Files tab (SPEC.md section 2) as a compact row (issue 15): the name
 * (a link to the transcript), status or live stage, date, length, project, tags, topic and the preview
 * (100 characters). The actions are in a menu: 'View Full', Play (the recording, only when asked),
 * Download (.txt, .srt, .vtt), Translate (the language select opens under the row) and Delete, which
 * moves it to the trash with an Undo in its toast. A deleted one offers Restore.
 * Nothing is fetched on render: the full transcript is fetched only when a download is asked for.
 */
export const TranscriptRow = memo(function TranscriptRow({ item, projectName, languages, onRemoved }: TranscriptRowProps) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const [panel, setPanel] = useState<'play' | 'translate' | null>(null);
  const name = item.filename || T.detailTitle;
  const created = formatDateTime(item.created_at);
  const complete = isComplete(item.status);
  const preview = previewText(item.preview);
  const toggle = (next: 'play' | 'translate') => setPanel((current) => (current === next ? null : next));

  const remove = useMoveTranscript(item.id, 'active', {
    onSuccess: () => {
      toast.success(<UndoDelete text={L.deletedToast(name)} name={name} onUndo={() => void undoDelete(queryClient, item.id, name)} />, { autoClose: UNDO_TOAST_MS });
      onRemoved(item.id);
    },
    onError: (error) => {
      if (!isUnauthorized(error)) toast.error(deleteErrorMessage(error));
    },
  });

  const restore = useMoveTranscript(item.id, 'deleted', {
    onSuccess: () => {
      toast.success(L.restoredToast(name));
      onRemoved(item.id);
    },
    onError: (error) => {
      if (!isUnauthorized(error)) toast.error(restoreErrorMessage(error));
    },
  });

  const download = useDownload(item);
  const actions: MenuItem[] = [
    { key: 'view', text: T.viewFull, label: L.viewFullLabel(name), to: paths.transcript(item.id) },
    ...(item.audio_url ? [{ key: 'play', text: panel === 'play' ? L.hidePlayer : L.play, label: `${panel === 'play' ? L.hidePlayer : L.play} ${name}`, onSelect: () => toggle('play') }] : []),
    ...DOWNLOAD_FORMATS.map((format) => ({
      key: format,
      text: format === 'txt' ? T.download : `${format === 'srt' ? L.downloadSrt : L.downloadVtt} ${L.subtitles}`,
      label: format === 'txt' ? L.downloadLabel(downloadName(item.filename, format)) : L.subtitleLabel(format === 'srt' ? L.downloadSrt : L.downloadVtt, downloadName(item.filename, format)),
      disabled: !complete,
      onSelect: () => void download(format),
    })),
    { key: 'translate', text: L.translateMenu, label: `${L.translateMenu} ${name}`, disabled: !complete, onSelect: () => toggle('translate') },
    { key: 'delete', text: T.delete, label: L.deleteLabel(name), danger: true, onSelect: () => remove.mutate() },
  ];

  return (
    <article className="lib-item lib-row" aria-labelledby={titleId} aria-busy={remove.isPending || restore.isPending || undefined}>
      <div className="lib-row__line">
        <h3 id={titleId} className="lib-item__title lib-row__title">
          <Link to={paths.transcript(item.id)} className="lib-row__link" data-row-focus>
            {name}
          </Link>
        </h3>
        <div className="lib-row__status">
          {item.status === 'processing' && !item.deleted ? (
            <JobProgress name={name} compact stage={item.stage} progress={item.progress} queue_position={item.queue_position} />
          ) : (
            <span className={`badge badge--${statusTone(item.status)}`}>
              <span className="visually-hidden">{L.statusLabel}: </span>
              {item.status}
            </span>
          )}
        </div>
        {item.deleted ? (
          <Button size="sm" variant="secondary" aria-label={L.restoreLabel(name)} busy={restore.isPending} onClick={() => restore.mutate()}>
            {T.restore}
          </Button>
        ) : (
          <MenuButton label={L.actionsLabel(name)} items={actions}>
            <MoreIcon />
          </MenuButton>
        )}
      </div>
      <dl className="meta lib-row__meta">
        {created && (
          <div>
            <dt className="visually-hidden">{L.createdLabel}</dt>
            <dd>
              <time dateTime={item.created_at}>{created}</time>
            </dd>
          </div>
        )}
        {item.duration_ms != null && (
          <div>
            <dt className="visually-hidden">{TEXTS.workspace.duration}</dt>
            <dd>{clockTime(item.duration_ms)}</dd>
          </div>
        )}
        {projectName && (
          <div>
            <dt className="visually-hidden">{TEXTS.workspace.projectLabel}</dt>
            <dd className="lib-row__project">{projectName}</dd>
          </div>
        )}
        {item.tags && item.tags.length > 0 && (
          <div>
            <dt className="visually-hidden">{L.tagsLabel}</dt>
            <dd>
              <ul className="chips">
                {item.tags.map((tag) => (
                  <li key={tag} className="chip">
                    {tag}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        )}
        {item.topic && (
          <div className="lib-row__topic">
            <dt>{T.topicLabel}:</dt>
            <dd>{item.topic}</dd>
          </div>
        )}
      </dl>
      {item.status === 'failed' ? (
        item.deleted ? (
          <p className="lib-item__error">{item.error}</p>
        ) : (
          <FailedJob id={item.id} name={name} reason={item.error ?? T.transcribeFailed} compact />
        )
      ) : (
        (preview || complete) && <p className="lib-item__preview">{preview || TEXTS.transcribe.noSpeech}</p>
      )}
      {panel === 'play' && item.audio_url && (
        <audio className="lib-item__audio" controls autoPlay preload="none" src={item.audio_url} aria-label={L.audioLabel(name)}>
          {L.audioUnsupported}
        </audio>
      )}
      {panel === 'translate' && complete && <Translation id={item.id} name={name} languages={languages} />}
    </article>
  );
});

/** The deleted-toast's text with its Undo: the transcript comes back from the trash. */
function UndoDelete({ text, name, onUndo }: { text: string; name: string; onUndo: () => void }) {
  return (
    <div className="undo-toast">
      <span>{text}</span>
      <button type="button" className="btn btn--secondary btn--sm" aria-label={L.undoLabel(name)} onClick={onUndo}>
        {L.undo}
      </button>
    </div>
  );
}

/** Undo of a delete: a restore, then every list is asked again. */
async function undoDelete(queryClient: QueryClient, id: string, name: string): Promise<void> {
  try {
    await restoreTranscript(id);
    toast.success(L.restoredToast(name));
  } catch (error) {
    if (!isUnauthorized(error)) toast.error(restoreErrorMessage(error));
  } finally {
    void queryClient.invalidateQueries({ queryKey: libraryKeys.lists });
  }
}

/** Download: the text (.txt, SPEC 9) and subtitles (.srt, .vtt), made in the browser from the full transcript. */
function useDownload(item: TranscriptListItem) {
  const queryClient = useQueryClient();
  return async (format: DownloadFormat) => {
    try {
      const full = await queryClient.fetchQuery({ ...transcriptQueryOptions(item.id), staleTime: 60_000 });
      const file = downloadFile({ filename: full.filename ?? item.filename, text: full.text, word_timings: full.word_timings }, format);
      if (file) saveFile(file);
      else toast.info(L.noTimings);
    } catch (error) {
      if (!isUnauthorized(error)) toast.error(L.downloadFailed);
    }
  };
}

function MoreIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="5" cy="12" r="2" fill="currentColor" />
      <circle cx="12" cy="12" r="2" fill="currentColor" />
      <circle cx="19" cy="12" r="2" fill="currentColor" />
    </svg>
  );
}
