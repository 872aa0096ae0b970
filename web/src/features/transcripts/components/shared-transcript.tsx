import { useQuery } from '@tanstack/react-query';
import { useRef, type RefObject } from 'react';
import { useSearchParams } from 'react-router-dom';
import { SiteFooter } from '@web/components/layouts/site-footer';
import { SiteHeader } from '@web/components/layouts/site-header';
import { Alert } from '@web/components/ui/alert';
import { Button, ButtonLink } from '@web/components/ui/button';
import { LoadingState } from '@web/components/ui/spinner';
import { paths } from '@web/config/paths';
import { BRAND, COMMON_TEXTS } from '@web/config/texts';
import { SHARING_TEXTS } from '../texts';
import { TRANSCRIPTS_TEXTS } from '@web/transcript/texts';
import { routeError } from '@web/lib/api-client';
import { formatDateTime, startFrom } from '@web/transcript/format';
import { getSharedTranscript } from '@web/transcript/api/workspace';
import { ReadingView } from '@web/transcript/reading-view';
import { pointsOf, summaryTitle, SummaryTabs, TopicAndBullets, useKeyPoints } from '@web/transcript/summary-box';
import { PLAYBACK_KEYS, StickyPlayer } from '@web/transcript/sticky-player';

const S = SHARING_TEXTS;

/**
 * The page of a read-only link (issue 15): the workspace's reading view and player, without any action,
 * under the product's name with a "Try it" link. A dead link (turned off, expired, unknown, or its
 * transcript deleted) gets one plain message, whatever the reason: the server does not say which.
 */
export function SharedTranscript({ token }: { token: string }) {
  const query = useQuery({ queryKey: ['shared', token], queryFn: () => getSharedTranscript(token), retry: false, refetchOnWindowFocus: false });
  const mediaRef = useRef<HTMLMediaElement>(null);
  const [params] = useSearchParams();
  // Asked for with the transcript, not after it: the summary's heading.
  const keyPoints = useKeyPoints();

  return (
    <div className="page">
      <SiteHeader>
        <ButtonLink to={paths.signup} variant="primary" size="sm">
          {S.tryIt}
        </ButtonLink>
      </SiteHeader>
      <main id="main" tabIndex={-1} className="page__main">
        {routeError('GET /api/shared/{token}', query.error)?.status === 404 ? (
          <DeadLink />
        ) : (
          <div className="container shared-page">
            {query.isPending ? (
              <LoadingState label={S.loading} />
            ) : query.isError ? (
              <Failed onRetry={() => void query.refetch()} />
            ) : (
              <SharedBody transcript={query.data} mediaRef={mediaRef} startMs={startFrom(params, query.data.word_timings)} keyPoints={keyPoints} />
            )}
          </div>
        )}
      </main>
      <SiteFooter />
    </div>
  );
}

type Shared = Awaited<ReturnType<typeof getSharedTranscript>>;

function SharedBody({ transcript, mediaRef, startMs, keyPoints }: { transcript: Shared; mediaRef: RefObject<HTMLMediaElement | null>; startMs: number | undefined; keyPoints: boolean }) {
  const points = pointsOf(transcript);
  // An older server's answer has no summaries.
  const templates = transcript.summaries ?? {};
  const created = formatDateTime(transcript.created_at);
  return (
    <article className="stack transcript">
      <header className="stack stack--gap-3 transcript__header">
        <p className="shared-page__badge">{S.sharedBy(BRAND.name)}</p>
        <h1 className="page-title break">{transcript.filename}</h1>
        {created && (
          <p className="shared-page__date">
            <time dateTime={transcript.created_at}>{created}</time>
          </p>
        )}
      </header>
      {(transcript.topic || points.length > 0 || Object.keys(templates).length > 0) && (
        <section className="card" aria-labelledby="shared-summary-title">
          <h2 id="shared-summary-title" className="card__title">
            {summaryTitle(keyPoints)}
          </h2>
          {/* Issue 30: the templates made, as tabs like the owner's, read-only (no onRedo). */}
          <SummaryTabs keyPointsTitle={summaryTitle(keyPoints)} summaries={templates}>
            <TopicAndBullets topic={transcript.topic} points={points} />
          </SummaryTabs>
        </section>
      )}
      <section className="card workspace" aria-labelledby="shared-text-title">
        <h2 id="shared-text-title" className="card__title">
          {TRANSCRIPTS_TEXTS.textLabel}
        </h2>
        {transcript.audio_url && <StickyPlayer src={transcript.audio_url} kind={transcript.media_kind} name={transcript.filename} mediaRef={mediaRef} keys={PLAYBACK_KEYS} />}
        {transcript.word_timings.length > 0 ? (
          <ReadingView key={startMs} groups={transcript.word_timings} mediaRef={mediaRef} startMs={startMs} />
        ) : (
          <p className="transcript__text">{transcript.text || TRANSCRIPTS_TEXTS.noSpeech}</p>
        )}
      </section>
      <aside className="card spread-row">
        <p>{S.tryItLead(BRAND.name)}</p>
        <ButtonLink to={paths.signup} variant="secondary" size="sm">
          {S.tryIt}
        </ButtonLink>
      </aside>
    </article>
  );
}

function Failed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="stack">
      <h1 className="page-title">{S.pageTitle}</h1>
      <Alert tone="error">{S.failed}</Alert>
      <p>
        <Button variant="secondary" onClick={onRetry}>
          {COMMON_TEXTS.retry}
        </Button>
      </p>
    </div>
  );
}

/** Revoked, expired, unknown or deleted: the server gives one answer, so the page has one message. */
function DeadLink() {
  return (
    <div className="container container--narrow not-found">
      <h1 className="not-found__title">{S.deadTitle}</h1>
      <p className="not-found__text">{S.deadMessage}</p>
      <p className="not-found__text">{S.tryItLead(BRAND.name)}</p>
      <ButtonLink to={paths.signup}>{S.tryIt}</ButtonLink>
    </div>
  );
}
