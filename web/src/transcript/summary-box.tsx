import { useQuery } from '@tanstack/react-query';
import { TRANSCRIPTS_TEXTS } from './texts';
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

/** The topic line and the summary's bullets, as the transcript pages show them under their own heading. */
export function TopicAndBullets({ topic, bullets }: { topic?: string | undefined; bullets: readonly string[] }) {
  return (
    <>
      {topic && (
        <p>
          <strong>{TRANSCRIPTS_TEXTS.topicLabel}:</strong> {topic}
        </p>
      )}
      {bullets.length > 0 && (
        <ul className="bullets">
          {bullets.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      )}
    </>
  );
}
