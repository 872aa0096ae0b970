import { memo, useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { FailedJob, JobProgress } from '@web/components/transcript/job-progress';
import { Translation } from '@web/components/transcript/translation';
import { Button, ButtonLink } from '@web/components/ui/button';
import { paths } from '@web/config/paths';
import { TEXTS } from '@web/config/texts';
import { isUnauthorized } from '@web/lib/api-client';
import { transcriptQueryOptions } from '@web/lib/transcripts/get-transcript';
import { formatDateTime } from '@web/lib/transcripts/format';
import { clockTime } from '@web/lib/transcripts/words';
import { useMoveTranscript, type TranscriptListItem } from '../api/transcripts';
import { downloadFile, saveFile, type DownloadFormat } from '../download';
import { deleteErrorMessage, downloadName, isComplete, previewText, restoreErrorMessage } from '../format';

const T = TEXTS.transcripts;
const L = TEXTS.library;

export interface TranscriptCardProps {
  item: TranscriptListItem;
  /** The languages offered for translation. */
  languages: readonly string[];
  /** Called after the item left this list (deleted or restored), so focus can go somewhere sensible. */
  onRemoved: (id: string) => void;
}

const statusTone = (status: string) => (status === 'complete' ? 'success' : status === 'failed' ? 'failed' : 'pending');

/**
 * One transcript of the Transcribed Files tab (SPEC.md section 2): filename, status, date, tags, the
 * preview (100 characters), and, for an active one, 'View Full', Download (.txt, .srt, .vtt), Delete,
 * the language select with Translate, and the audio player; for a deleted one, Restore.
 * Nothing is fetched on render: the full transcript is fetched only when a download is asked for.
 */
export const TranscriptCard = memo(function TranscriptCard({ item, languages, onRemoved }: TranscriptCardProps) {
  const titleId = useId();
  const name = item.filename || T.detailTitle;
  const created = formatDateTime(item.created_at);
  const complete = isComplete(item.status);
  const preview = previewText(item.preview);

  const remove = useMoveTranscript(item.id, 'active', {
    onSuccess: () => {
      toast.success(L.deletedToast(name));
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

  return (
    <article className="lib-item" aria-labelledby={titleId}>
      <header className="lib-item__head">
        <h3 id={titleId} className="lib-item__title">
          {name}
        </h3>
        <span className={`badge badge--${statusTone(item.status)}`}>
          <span className="visually-hidden">{L.statusLabel}: </span>
          {item.status}
        </span>
      </header>
      {(created || (item.tags && item.tags.length > 0)) && (
        <dl className="meta">
          {created && (
            <div>
              <dt>{L.createdLabel}</dt>
              <dd>
                <time dateTime={item.created_at}>{created}</time>
              </dd>
            </div>
          )}
          {item.duration_ms != null && (
            <div>
              <dt>{TEXTS.workspace.duration}</dt>
              <dd>{clockTime(item.duration_ms)}</dd>
            </div>
          )}
          {item.tags && item.tags.length > 0 && (
            <div>
              <dt>{L.tagsLabel}</dt>
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
        </dl>
      )}
      <p className="lib-item__preview">{preview || (complete ? TEXTS.transcribe.noSpeech : L.noText)}</p>
      {item.status === 'processing' && <JobProgress name={name} compact stage={item.stage} progress={item.progress} queue_position={item.queue_position} />}
      {item.status === 'failed' && (item.deleted ? <p className="lib-item__error">{item.error}</p> : <FailedJob id={item.id} name={name} reason={item.error ?? T.transcribeFailed} compact />)}

      {item.deleted ? (
        <div className="lib-item__row">
          <Button size="sm" variant="secondary" aria-label={L.restoreLabel(name)} busy={restore.isPending} onClick={() => restore.mutate()}>
            {T.restore}
          </Button>
        </div>
      ) : (
        <>
          {item.audio_url && (
            <audio className="lib-item__audio" controls preload="none" src={item.audio_url} aria-label={L.audioLabel(name)}>
              {L.audioUnsupported}
            </audio>
          )}
          <div className="lib-item__row">
            <ButtonLink to={paths.transcript(item.id)} size="sm" variant="secondary" aria-label={L.viewFullLabel(name)}>
              {T.viewFull}
            </ButtonLink>
            <Downloads item={item} name={name} disabled={!complete} />
            <Button size="sm" variant="danger" aria-label={L.deleteLabel(name)} busy={remove.isPending} onClick={() => remove.mutate()}>
              {T.delete}
            </Button>
          </div>
          {complete && <Translation id={item.id} name={name} languages={languages} />}
          {!complete && item.status !== 'failed' && <p className="lib-item__note">{L.notReady}</p>}
        </>
      )}
    </article>
  );
});

/** Download: the text (.txt, SPEC 9) and subtitles (.srt, .vtt), made in the browser from the full transcript. */
function Downloads({ item, name, disabled }: { item: TranscriptListItem; name: string; disabled: boolean }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<DownloadFormat | null>(null);

  const download = async (format: DownloadFormat) => {
    setBusy(format);
    try {
      const full = await queryClient.fetchQuery({ ...transcriptQueryOptions(item.id), staleTime: 60_000 });
      const file = downloadFile({ filename: full.filename ?? item.filename, text: full.text, word_timings: full.word_timings }, format);
      if (file) saveFile(file);
      else toast.info(L.noTimings);
    } catch (error) {
      if (!isUnauthorized(error)) toast.error(L.downloadFailed);
    } finally {
      setBusy(null);
    }
  };

  const button = (format: DownloadFormat, text: string) => (
    <Button
      size="sm"
      variant="secondary"
      aria-label={format === 'txt' ? L.downloadLabel(downloadName(item.filename, format)) : L.subtitleLabel(text, downloadName(item.filename, format))}
      busy={busy === format}
      disabled={disabled || (busy !== null && busy !== format)}
      onClick={() => void download(format)}
    >
      {text}
    </Button>
  );

  return (
    <div className="btn-group" role="group" aria-label={L.downloadGroup(name)}>
      {button('txt', T.download)}
      {button('srt', L.downloadSrt)}
      {button('vtt', L.downloadVtt)}
    </div>
  );
}
