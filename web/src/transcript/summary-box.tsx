import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { KeyPointView } from '@contract';
import { momentParam } from '@domain/moment';
import { SHAPED_TEMPLATES, TEMPLATE_NAMES, type ShapedTemplate } from '@domain/summary-templates';
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
      {!hasTopic && bullets.length === 0 && <p className="note">{TRANSCRIPTS_TEXTS.noSummary}</p>}
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

type TemplateResults = Partial<Record<ShapedTemplate, { lines: string[]; created_at: string; outdated: boolean }>>;

/** A template's lines; made before the last correction, it says so and offers to make it again (a custom one needs its instruction again). */
function TemplateLines({ template, result, onRedo, busy }: { template: ShapedTemplate; result: NonNullable<TemplateResults[ShapedTemplate]>; onRedo?: ((template: ShapedTemplate) => void) | undefined; busy: boolean }) {
  return (
    <>
      {result.outdated && (
        <p className="field__hint">
          {template === 'custom' ? TRANSCRIPTS_TEXTS.templateOutdatedCustom : TRANSCRIPTS_TEXTS.templateOutdated}{' '}
          {template !== 'custom' && onRedo && (
            <button type="button" className="btn btn--secondary btn--sm" disabled={busy} onClick={() => onRedo(template)}>
              {TRANSCRIPTS_TEXTS.redoTemplate(TEMPLATE_NAMES[template])}
            </button>
          )}
        </p>
      )}
      {result.lines.length === 0 ? (
        <p className="note">{TRANSCRIPTS_TEXTS.templateEmpty(TEMPLATE_NAMES[template])}</p>
      ) : (
        <ul className="bullets">
          {result.lines.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * Issue 30: the key points (`children`) and each summary template made so far, as tabs (the ARIA tabs
 * pattern: arrows move between tabs, Home and End to the ends), `initial` open first. With no template made, the key points alone.
 */
export function SummaryTabs({
  keyPointsTitle,
  summaries,
  initial = 'key_points',
  onRedo,
  busy = false,
  children,
}: {
  keyPointsTitle: string;
  summaries: TemplateResults;
  initial?: string;
  /** Makes an outdated template again (absent: the page can't change the transcript). */
  onRedo?: ((template: ShapedTemplate) => void) | undefined;
  busy?: boolean;
  children: ReactNode;
}) {
  const made = SHAPED_TEMPLATES.filter((template) => summaries[template]);
  const tabs = [{ key: 'key_points', title: keyPointsTitle }, ...made.map((template) => ({ key: template, title: TEMPLATE_NAMES[template] }))];
  const [chosen, setChosen] = useState(initial);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const baseId = useId();
  if (made.length === 0) return <>{children}</>;
  const current = tabs.find((tab) => tab.key === chosen) ?? tabs[0]!;
  const move = (event: KeyboardEvent, index: number) => {
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = (next + tabs.length) % tabs.length;
    setChosen(tabs[target]!.key);
    buttons.current[target]?.focus();
  };
  return (
    <>
      <div role="tablist" aria-label={TRANSCRIPTS_TEXTS.summaryTabs} className="summary-tabs">
        {tabs.map((tab, index) => (
          <button
            key={tab.key}
            ref={(button) => {
              buttons.current[index] = button;
            }}
            type="button"
            role="tab"
            id={`${baseId}-${tab.key}`}
            aria-selected={tab.key === current.key}
            aria-controls={`${baseId}-panel`}
            tabIndex={tab.key === current.key ? 0 : -1}
            className="btn btn--ghost btn--sm"
            onClick={() => setChosen(tab.key)}
            onKeyDown={(event) => move(event, index)}
          >
            {tab.title}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-${current.key}`} tabIndex={0}>
        {current.key === 'key_points' ? (
          children
        ) : (
          <TemplateLines template={current.key as ShapedTemplate} result={summaries[current.key as ShapedTemplate]!} onRedo={onRedo} busy={busy} />
        )}
      </div>
    </>
  );
}
