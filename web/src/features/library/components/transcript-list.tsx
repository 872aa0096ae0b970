import { useId, useState, type KeyboardEvent } from 'react';
import { Button, ButtonLink } from '@web/components/ui/button';
import { LoadFailed } from '@web/components/ui/load-failed';
import { LoadingState } from '@web/components/ui/spinner';
import { LIST_BATCH } from '@web/config/constants';
import { tabHref } from '@web/config/dashboard-tabs';
import { COMMON_TEXTS } from '@web/config/texts';
import { LIBRARY_TEXTS, SEARCH_TEXTS } from '../texts';
import { isUnauthorized } from '@web/lib/api-client';
import type { PagedList } from '../api/transcripts';
import { rowTarget } from '../format';
import { useFocusNewItem } from '../hooks/use-focus-new-item';
import type { LibraryList } from '../hooks/use-library-list';
import { TranscriptRow } from './transcript-row';

const L = LIBRARY_TEXTS;
const W = SEARCH_TEXTS;

interface TranscriptListProps {
  library: LibraryList;
  deleted: boolean;
  /** The id of the list's heading, which names it. */
  headingId: string;
  languages: readonly string[];
  /** A row that left the list, or the list's 'Try again' gone once the list came, may have taken the focus with it. */
  onFocusLost: () => void;
}

/**
 * The list part of the Transcribed Files tab: loading, an error with Retry, empty, waiting for every page
 * (filters, another order), no match, or the rows shown so far with 'Show more' and the next page's state.
 */
export function TranscriptList({ library, deleted, headingId, languages, onFocusLost }: TranscriptListProps) {
  const { list, loaded, allItems, items, complete, arranging } = library;
  const [retried, setRetried] = useState(false);
  if (!loaded && (list.isPending || isUnauthorized(list.error))) return <LoadingState label={COMMON_TEXTS.loading} />;
  if (!loaded) {
    const retry = () => {
      setRetried(true);
      return list.refetch().then((result) => result.isError || onFocusLost());
    };
    return <LoadFailed message={L.loadFailed} query={{ refetch: retry, isFetching: list.isFetching }} failedAgain={retried} />;
  }
  if (allItems.length === 0 && complete) return <EmptyList deleted={deleted} />;
  // A failed page offers Retry here too: the automatic loading stops at a failure.
  if (arranging && !complete) return list.isFetchNextPageError ? <NextPageState list={list} /> : <LoadingState label={L.loadingAll} />;
  if (items.length === 0) return <p className="library__empty-title">{W.noneMatch}</p>;
  return <ShownRows library={library} headingId={headingId} languages={languages} onFocusLost={onFocusLost} />;
}

/** What 'Show more' brings: a batch of the loaded rows, or some of them and a page's whose length is not known yet. */
const showMoreLabel = (hiddenCount: number, hasNextPage: boolean): string =>
  hiddenCount < LIST_BATCH && hasNextPage ? L.showMoreUnknown : L.showMore(Math.min(hiddenCount, LIST_BATCH));

/** The rows shown so far, 'Show more' while loaded ones are hidden, then the next page's state. */
function ShownRows({ library, headingId, languages, onFocusLost }: Omit<TranscriptListProps, 'deleted'>) {
  const hintId = useId();
  const { list, items, projectNames, growing } = library;
  const focusNew = useFocusNewItem<HTMLUListElement>('[data-row-focus]');
  return (
    <>
      <p id={hintId} className="visually-hidden">
        {L.rowsHint}
      </p>
      <ul ref={focusNew.containerRef} className="list-stack library-list" aria-labelledby={headingId} aria-describedby={hintId} onKeyDown={moveBetweenRows}>
        {items.slice(0, growing.shownCount).map((item) => (
          <li key={item.id}>
            <TranscriptRow item={item} projectName={projectNames.get(item.project_id ?? '')} languages={languages} onRemoved={onFocusLost} />
          </li>
        ))}
      </ul>
      {growing.hiddenCount > 0 && (
        <div ref={growing.moreRef} className="library__more">
          <Button
            variant="secondary"
            onClick={() => {
              focusNew.awaitItem(growing.shownCount);
              growing.showMore();
            }}
          >
            {showMoreLabel(growing.hiddenCount, list.hasNextPage)}
          </Button>
        </div>
      )}
      {growing.hiddenCount === 0 && list.hasNextPage && <NextPageState list={list} onRetry={() => focusNew.awaitItem(items.length)} />}
    </>
  );
}

/**
 * The rows are keyboard navigable: Up/Down (Home/End) move the focus to the name of the row above or
 * below, from anywhere in a row but its menu and form fields (which use those keys themselves).
 */
function moveBetweenRows(event: KeyboardEvent<HTMLUListElement>) {
  const from = event.target as HTMLElement;
  if (from.closest('.menu-button, input, select, textarea, audio')) return;
  const rows = [...event.currentTarget.querySelectorAll<HTMLElement>('[data-row-focus]')];
  const index = rows.findIndex((row) => row.closest('li')?.contains(from));
  const next = rowTarget(event.key, index, rows.length);
  if (next === undefined) return;
  event.preventDefault();
  rows[next]?.focus();
}

/** Where the next page is on its way, or could not come (a retry button, `onRetry` told first). Announced to screen readers. */
function NextPageState({ list, onRetry }: { list: PagedList; onRetry?: () => void }) {
  return (
    <div className="library__more" role="status">
      {list.isFetchNextPageError ? (
        <>
          <span>{L.loadMoreFailed}</span>{' '}
          <Button
            variant="secondary"
            onClick={() => {
              onRetry?.();
              void list.fetchNextPage();
            }}
            busy={list.isFetchingNextPage}
          >
            {COMMON_TEXTS.retry}
          </Button>
        </>
      ) : (
        <LoadingState label={L.loadingMore} />
      )}
    </div>
  );
}

function EmptyList({ deleted }: { deleted: boolean }) {
  return deleted ? (
    <div className="stack stack--gap-2 stack--center library__empty">
      <p className="library__empty-title">{L.emptyDeleted}</p>
      <p>{L.emptyDeletedHint}</p>
    </div>
  ) : (
    <div className="stack stack--gap-2 stack--center library__empty">
      <p className="library__empty-title">{L.emptyActive}</p>
      <p>{L.emptyActiveHint}</p>
      <ButtonLink to={tabHref('transcribe')} size="sm">
        {L.goTranscribe}
      </ButtonLink>
    </div>
  );
}
