import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { Alert } from '@web/components/ui/alert';
import { libraryKeys } from '@web/lib/library-keys';
import { ConfirmModal } from '@web/components/ui/confirm-modal';
import { LoadingState } from '@web/components/ui/spinner';
import { paths } from '@web/config/paths';
import { capabilitiesQuery } from '@web/lib/capabilities';
import { TEXTS } from '@web/config/texts';
import { isComplete, isFailed, isProcessing, transcriptQueryKey, transcriptQueryOptions, type Transcript } from '@web/lib/transcripts/get-transcript';
import { correctGroups, revertTranscript, summarizeAgain } from '@web/lib/transcripts/workspace';
import { formatDateTime, summaryBullets, transcriptLoadError } from '@web/lib/transcripts/format';
import { clockTime } from '@web/lib/transcripts/words';
import { useTranslationLanguages } from '@web/lib/translation';
import { Translation } from '@web/components/transcript/translation';
import { JobProgress, NotifyWhenReady, TryAgain } from '@web/components/transcript/job-progress';
import { announceReady } from '@web/lib/job-notice';
import { ReadingView } from '@web/components/transcript/reading-view';
import { TopicAndBullets } from '@web/components/transcript/summary-box';
import { ShareAction } from './share-dialog';
import { StickyPlayer } from '@web/components/transcript/sticky-player';
import { attempt, ExportMenu, ProjectAndTags, RenameTitle, SpeakerNames, TrashAction } from './transcript-actions';

const T = TEXTS.transcripts;
const W = TEXTS.workspace;

/** `?t=83000`: open at 83 s (search results and shared links). */
function startFrom(params: URLSearchParams): number | undefined {
  const value = Number(params.get('t'));
  return params.has('t') && Number.isFinite(value) && value >= 0 ? value : undefined;
}

/** A transcript seen processing here that completes says so when the tab is in the background (issue 15). */
function useReadyNotice(transcript: Transcript | undefined): void {
  const wasProcessing = useRef(false);
  useEffect(() => {
    if (!transcript) return;
    if (wasProcessing.current && isComplete(transcript)) announceReady(transcript.filename ?? T.detailTitle);
    wasProcessing.current = isProcessing(transcript);
  }, [transcript]);
}

/**
 * SPEC.md section 2, transcript detail: loading, loaded or error (section 4); a transcript still
 * processing is asked for again every 5 s. Issue 14 makes it a workspace: the name, status, date and
 * actions; the topic and summary once (with "Summarize again" after corrections); a sticky player over
 * the reading view, where paragraphs are corrected in place while the recording plays.
 */
export function TranscriptDetail({ id }: { id: string }) {
  const query = useQuery(transcriptQueryOptions(id, { poll: true }));
  const keyPoints = useQuery(capabilitiesQuery()).data?.summary === 'extractive';
  const languages = useTranslationLanguages();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const mediaRef = useRef<HTMLMediaElement>(null);
  const [undo, setUndo] = useState<{ index: number; text: string }[] | null>(null);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  useReadyNotice(query.data);

  if (query.isPending) return <LoadingState label={T.loadingTranscript} />;
  if (query.isError) {
    return (
      <div className="stack">
        <h1 className="page-title">{T.detailTitle}</h1>
        <Alert tone="error">{transcriptLoadError(query.error)}</Alert>
        <p>
          <Link to={paths.dashboard}>{TEXTS.common.goToDashboard}</Link>
        </p>
      </div>
    );
  }
  const transcript = query.data;
  const apply = (answer: Transcript) => {
    client.setQueryData(transcriptQueryKey(id), answer);
    // Lists show the name, project and tags; new tag names became tags.
    void client.invalidateQueries({ queryKey: libraryKeys.lists });
    void client.invalidateQueries({ queryKey: libraryKeys.tags });
  };
  const refresh = () => void client.invalidateQueries({ queryKey: transcriptQueryKey(id) });

  const correct = async (groups: { index: number; text: string }[]) => {
    const previous = groups.map(({ index }) => ({ index, text: transcript.word_timings[index]!.words.map((word) => word.word).join(' ') }));
    const answer = await attempt(() => correctGroups(id, groups), W.saveFailed);
    if (!answer) throw new Error(W.saveFailed);
    apply(answer);
    setUndo(previous);
    toast.success(W.saved);
  };
  const undoLast = async () => {
    if (!undo) return;
    const answer = await attempt(() => correctGroups(id, undo), W.saveFailed);
    if (!answer) return;
    apply(answer);
    setUndo(null);
    toast.success(W.undone);
  };
  const revert = async () => {
    setBusy(true);
    const answer = await attempt(() => revertTranscript(id));
    setBusy(false);
    setAsking(false);
    if (!answer) return;
    apply(answer);
    setUndo(null);
    toast.success(W.reverted);
  };
  const summarize = async () => {
    setBusy(true);
    const answer = await attempt(() => summarizeAgain(id), W.summarizeFailed);
    setBusy(false);
    if (answer) {
      apply(answer);
      toast.success(W.summarized);
    }
  };

  // Fields beyond SPEC.md section 3 may be missing from an older or hand-made answer.
  const tags = transcript.tags ?? [];
  const speakers = transcript.speakers ?? [];
  const bullets = summaryBullets(transcript.summary);
  const summaryTitle = keyPoints ? TEXTS.transcribe.keyPointsLabel : T.summaryLabel;
  const created = formatDateTime(transcript.created_at);
  const editable = isComplete(transcript) && !transcript.deleted;
  return (
    <article className="stack transcript">
      <header className="transcript__header">
        <RenameTitle key={transcript.filename} transcript={transcript} onChanged={apply} />
        {editable && (
          <div className="transcript__share">
            <ShareAction transcriptId={id} />
          </div>
        )}
        <dl className="meta">
          {transcript.status && (
            <div>
              <dt>{T.statusLabel}</dt>
              <dd>
                <span className={`badge badge--${isComplete(transcript) ? 'success' : isFailed(transcript) ? 'failed' : 'pending'}`}>{transcript.status}</span>
                {transcript.edited_at && <span className="badge badge--pending">{W.edited}</span>}
              </dd>
            </div>
          )}
          {created && (
            <div>
              <dt>{T.createdLabel}</dt>
              <dd>
                <time dateTime={transcript.created_at}>{created}</time>
              </dd>
            </div>
          )}
          {transcript.duration_ms != null && (
            <div>
              <dt>{W.duration}</dt>
              <dd>{clockTime(transcript.duration_ms)}</dd>
            </div>
          )}
        </dl>
      </header>
      {transcript.deleted && (
        <Alert tone="warning">
          {W.inTrash} <TrashAction transcript={transcript} onMoved={refresh} />
        </Alert>
      )}
      {transcript.error && <Alert tone="error">{T.loadErrorPrefix + transcript.error}</Alert>}
      {isFailed(transcript) && !transcript.deleted && (
        <div>
          <TryAgain id={id} name={transcript.filename ?? T.detailTitle} />
        </div>
      )}
      {isProcessing(transcript) && (
        <div className="card stack">
          <div role="status" className="stack">
            <p className="card__title">{TEXTS.transcribe.processing(transcript.filename ?? T.detailTitle)}</p>
            <JobProgress name={transcript.filename ?? T.detailTitle} stage={transcript.stage} progress={transcript.progress} queue_position={transcript.queue_position} />
          </div>
          <NotifyWhenReady />
        </div>
      )}
      {(transcript.topic || bullets.length > 0) && (
        <section className="card" aria-labelledby="summary-title">
          <h2 id="summary-title" className="card__title">
            {summaryTitle}
          </h2>
          {transcript.summary_outdated && (
            <Alert tone="info">
              {W.summaryOutdated}{' '}
              <button type="button" className="btn btn--secondary btn--sm" disabled={busy || !editable} onClick={() => void summarize()}>
                {W.summarizeAgain}
              </button>
            </Alert>
          )}
          <TopicAndBullets topic={transcript.topic} bullets={bullets} />
        </section>
      )}
      {isComplete(transcript) && (
        <details className="card workspace-actions">
          <summary className="card__title">{W.actionsLabel}</summary>
          <div className="workspace-actions__body">
            <ExportMenu transcript={transcript} />
            {editable && <ProjectAndTags key={`${transcript.project_id}:${tags.join()}`} transcript={{ ...transcript, tags }} onChanged={apply} />}
            {editable && <SpeakerNames key={speakers.join()} transcript={{ ...transcript, speakers }} onChanged={apply} />}
            {editable && (
              <div className="workspace-form workspace-translate" role="group" aria-labelledby="translate-title">
                <h3 id="translate-title" className="card__subtitle">
                  {T.translate}
                </h3>
                <Translation id={id} name={transcript.filename ?? T.detailTitle} languages={languages} />
              </div>
            )}
            <div className="workspace-form">
              {editable && undo && (
                <button type="button" className="btn btn--secondary btn--sm" onClick={() => void undoLast()}>
                  {W.undo}
                </button>
              )}
              {editable && transcript.edited_at && (
                <button type="button" className="btn btn--secondary btn--sm" onClick={() => setAsking(true)}>
                  {W.revert}
                </button>
              )}
              {!transcript.deleted && <TrashAction transcript={transcript} onMoved={refresh} />}
            </div>
          </div>
        </details>
      )}
      {isComplete(transcript) && (
        <section className="card workspace" aria-labelledby="text-title">
          <h2 id="text-title" className="card__title">
            {T.textLabel}
          </h2>
          {transcript.audio_url && <StickyPlayer src={transcript.audio_url} name={transcript.filename} mediaRef={mediaRef} />}
          {transcript.word_timings?.length ? (
            <ReadingView groups={transcript.word_timings} mediaRef={mediaRef} startMs={startFrom(params)} onCorrect={correct} />
          ) : (
            <p className="transcript__text">{transcript.text || TEXTS.transcribe.noSpeech}</p>
          )}
        </section>
      )}
      <ConfirmModal open={asking} busy={busy} onCancel={() => setAsking(false)} onConfirm={() => void revert()} title={W.revertTitle} description={W.revertDescription} cancelLabel={W.cancel} confirmLabel={W.revertConfirm} />
    </article>
  );
}
