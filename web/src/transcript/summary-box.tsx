import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { KeyPointView } from '@contract';
import { momentParam } from '@domain/moment';
import { formatClock } from '@domain/paragraphs';
import { READING_TEXTS, TRANSCRIPTS_TEXTS } from './texts';
import { capabilitiesQuery } from '@web/lib/capabilities';
import { summaryBullets } from '@web/transcript/format';
import { CardSection } from '@web/components/ui/card-section';
import './transcripts.css';

/** Without a language model the summary is key points picked from the transcript (capabilities): every page says so alike. */
export const useKeyPoints = (): boolean => useQuery(capabilitiesQuery()).data?.summary === 'extractive';

/** The summary's heading, the same on the transcript page and a shared link's page. */
export const summaryTitle = (keyPoints: boolean): string => (keyPoints ? TRANSCRIPTS_TEXTS.keyPointsLabel : TRANSCRIPTS_TEXTS.summaryLabel);

/** The box with the topic and the summary as bullets (docs/product.md#screens-and-routes, Transcribe tab). Nothing when there is neither. */
export function SummaryBox({ topic, summary, showEmpty = false }: { topic?: string | undefined; summary?: string | undefined; showEmpty?: boolean }) {
  const keyPoints = useKeyPoints();
  const bullets = summaryBullets(summary);
  const hasTopic = !!topic?.trim();
  if (!hasTopic && bullets.length === 0 && !showEmpty) return null;
  return (
    <CardSection title={keyPoints ? TRANSCRIPTS_TEXTS.keyPointsBoxTitle : TRANSCRIPTS_TEXTS.summaryBoxTitle} className="stack stack--gap-3 summary-box">
      {hasTopic && (
        <div>
          <p className="overline summary-box__label">{TRANSCRIPTS_TEXTS.topicLabel}</p>
          <p className="summary-box__topic">{topic}</p>
        </div>
      )}
      {bullets.length > 0 && (
        <div>
          <p className="overline summary-box__label">{summaryTitle(keyPoints)}</p>
          <ul className="bullets">
            {bullets.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
        </div>
      )}
      {!hasTopic && bullets.length === 0 && <p className="summary-box__hint">{TRANSCRIPTS_TEXTS.noSummary}</p>}
    </CardSection>
  );
}

/** The key points of an answer; from the summary's lines alone (no moments) for an answer without them (the Transcribe tab's, an older one). */
export const pointsOf = (view: { summary?: string | undefined; key_points?: KeyPointView[] | undefined }): KeyPointView[] =>
  view.key_points ?? summaryBullets(view.summary).map((text) => ({ text, start_ms: null }));

/** The topic line and the key points as bullets, each with a link to where it is said (`?t=` opens the reading view there). */
export function TopicAndBullets({ topic, points }: { topic?: string | undefined; points: readonly KeyPointView[] }) {
  return (
    <>
      {topic && (
        <p>
          <strong>{TRANSCRIPTS_TEXTS.topicLabel}:</strong> {topic}
        </p>
      )}
      {points.length > 0 && (
        <ul className="bullets">
          {points.map((point, i) => (
            <li key={i}>
              {point.text}
              {point.start_ms !== null && (
                <>
                  {' '}
                  <Link className="key-point__time" to={`?t=${momentParam(point.start_ms)}`} aria-label={READING_TEXTS.playFrom(formatClock(point.start_ms))}>
                    {formatClock(point.start_ms)}
                  </Link>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
