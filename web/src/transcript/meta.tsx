/** The facts about a transcript that the library row and the transcript page both show, as items of their `<dl className="meta">`. */
import { formatClock } from '@domain/paragraphs';
import { formatDateTime } from './format';
import { TRANSCRIPTS_TEXTS } from './texts';

/**
 * When it was made and how long it is, each left out when unknown. `hiddenTerms`: the terms are for screen
 * readers only (a library row has no room for them).
 */
export function WhenAndLength({ createdAt, durationMs, hiddenTerms = false }: { createdAt: string | undefined; durationMs: number | null | undefined; hiddenTerms?: boolean }) {
  const created = formatDateTime(createdAt);
  const term = hiddenTerms ? 'visually-hidden' : undefined;
  return (
    <>
      {created && (
        <div>
          <dt className={term}>{TRANSCRIPTS_TEXTS.createdLabel}</dt>
          <dd>
            <time dateTime={createdAt}>{created}</time>
          </dd>
        </div>
      )}
      {durationMs != null && (
        <div>
          <dt className={term}>{TRANSCRIPTS_TEXTS.duration}</dt>
          <dd>{formatClock(durationMs)}</dd>
        </div>
      )}
    </>
  );
}
