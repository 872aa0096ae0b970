import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Alert } from '@web/components/ui/alert';
import { LoadingState } from '@web/components/ui/spinner';
import { paths } from '@web/config/paths';
import { capabilitiesQuery } from '@web/lib/capabilities';
import { TEXTS } from '@web/config/texts';
import { isComplete, isFailed, isProcessing, transcriptQueryOptions } from '@web/lib/transcripts/get-transcript';
import { formatDateTime, summaryBullets, transcriptLoadError } from '@web/lib/transcripts/format';
import { TranscriptPlayer } from '@web/components/transcript/transcript-player';

const T = TEXTS.transcripts;

/**
 * SPEC.md section 2, transcript detail: loading, loaded or error (section 4). A transcript still
 * processing is asked for again every 5 s (SPEC 9's polling interval) until it is done. A failed one
 * keeps its name, status and date above 'Error: ' and its reason. A complete one with a recording gets
 * the player with word highlighting above the full text.
 */
export function TranscriptDetail({ id }: { id: string }) {
  const query = useQuery(transcriptQueryOptions(id, { poll: true }));
  const keyPoints = useQuery(capabilitiesQuery()).data?.summary === 'extractive';

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
  const bullets = summaryBullets(transcript.summary);
  const summaryTitle = keyPoints ? TEXTS.transcribe.keyPointsLabel : T.summaryLabel;
  const created = formatDateTime(transcript.created_at);
  return (
    <article className="stack transcript">
      <header className="transcript__header">
        <h1 className="page-title break">{transcript.filename ?? T.detailTitle}</h1>
        <dl className="meta">
          {transcript.status && (
            <div>
              <dt>{T.statusLabel}</dt>
              <dd>
                <span className={`badge badge--${isComplete(transcript) ? 'success' : isFailed(transcript) ? 'failed' : 'pending'}`}>{transcript.status}</span>
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
        </dl>
      </header>
      {transcript.error && <Alert tone="error">{T.loadErrorPrefix + transcript.error}</Alert>}
      {isProcessing(transcript) && <LoadingState label={TEXTS.transcribe.processing(transcript.filename ?? T.detailTitle)} />}
      {transcript.topic && (
        <section className="card" aria-labelledby="topic-title">
          <h2 id="topic-title" className="card__title">
            {T.topicLabel}
          </h2>
          <p>{transcript.topic}</p>
        </section>
      )}
      {bullets.length > 0 && (
        <section className="card" aria-labelledby="summary-title">
          <h2 id="summary-title" className="card__title">
            {summaryTitle}
          </h2>
          <ul className="bullets">
            {bullets.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
        </section>
      )}
      {isComplete(transcript) && transcript.audio_url && (
        <section className="card" aria-labelledby="player-title">
          <h2 id="player-title" className="card__title">
            {TEXTS.transcribe.player.recording}
          </h2>
          <TranscriptPlayer audioUrl={transcript.audio_url} wordTimings={transcript.word_timings} filename={transcript.filename} />
        </section>
      )}
      {(transcript.text || isComplete(transcript)) && (
        <section className="card" aria-labelledby="text-title">
          <h2 id="text-title" className="card__title">
            {T.textLabel}
          </h2>
          <p className="transcript__text">{transcript.text || (isComplete(transcript) ? TEXTS.transcribe.noSpeech : '')}</p>
        </section>
      )}
    </article>
  );
}
