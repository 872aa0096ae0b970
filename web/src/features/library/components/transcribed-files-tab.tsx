import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useInfiniteQuery, useQuery, useQueryClient, type UseInfiniteQueryResult } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { Alert } from '@web/components/ui/alert';
import { Button, ButtonLink } from '@web/components/ui/button';
import { ConfirmModal } from '@web/components/ui/confirm-modal';
import { LoadingState } from '@web/components/ui/spinner';
import { TEXTS } from '@web/config/texts';
import { isUnauthorized } from '@web/lib/api-client';
import { tabHref } from '@web/config/dashboard-tabs';
import { libraryKeys } from '@web/lib/library-keys';
import { deleteTranscript, keepItems, loadedItems, transcriptListQuery, type ListData } from '../api/transcripts';
import { useTranslationLanguages } from '@web/lib/translation';
import { rowTarget, runAll } from '../format';
import { projectsQuery } from '@web/lib/library-keys';
import { ANY, arrange, isAnyArrangement, type Arrangement } from '../arrange';
import { ArrangeBar } from './arrange-bar';
import { SearchBox } from './search-box';
import { TranscriptRow } from './transcript-row';
import '../library.css';

const T = TEXTS.transcripts;
const L = TEXTS.library;
const W = TEXTS.workspace;

/** Items shown at first, and added each time the end of the list comes near (or 'Show more' is pressed). */
export const LIST_BATCH = 40;

/**
 * SPEC.md section 2, the Transcribed Files tab: the active transcripts (newest first), or the deleted
 * ones behind the 'Show Deleted' / 'Show Active' toggle; 'Delete All' for the active ones.
 */
export function TranscribedFilesTab() {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const queryClient = useQueryClient();
  const [showDeleted, setShowDeleted] = useState(false);
  const [confirmingDeleteAll, setConfirmingDeleteAll] = useState(false);
  const [deletingAll, setDeletingAll] = useState(false);

  const list = useInfiniteQuery(transcriptListQuery(showDeleted ? 'deleted' : 'active'));
  const languages = useTranslationLanguages();
  const [arrangement, setArrangement] = useState<Arrangement>(ANY);
  // Touching the filters asks for the rest of the list, so their choices (tags) and results cover every transcript.
  const [wholeListWanted, setWholeListWanted] = useState(false);
  const projects = useQuery({ ...projectsQuery(), enabled: !showDeleted });
  const allItems = useMemo(() => loadedItems(list.data), [list.data]);
  // Pages already in stay shown when a later call fails (a next page, a poll): the query's error state covers the whole list.
  const loaded = list.data !== undefined;
  const complete = loaded && !list.hasNextPage;
  const arranging = !isAnyArrangement(arrangement);
  const items = useMemo(() => arrange(allItems, arrangement), [allItems, arrangement]);
  const { shownCount, hiddenCount, showMore, moreRef, restart } = useGrowingList(items.length, list, arranging || wholeListWanted);
  const [loadingAll, setLoadingAll] = useState(false);
  const hintId = useId();
  const projectNames = useMemo(() => new Map((projects.data ?? []).map((project) => [project.id, project.name])), [projects.data]);

  // An item that left the list took the focus with it: give it to the list's heading.
  const onRemoved = useCallback(() => {
    requestAnimationFrame(() => {
      if (!document.activeElement || document.activeElement === document.body) headingRef.current?.focus();
    });
  }, []);

  // Delete All names and moves every transcript, not only the loaded pages: the rest is asked for first.
  const confirmDeleteAll = async () => {
    setLoadingAll(true);
    try {
      if (await loadRest(list)) setConfirmingDeleteAll(true);
      else toast.error(L.loadMoreFailed);
    } finally {
      setLoadingAll(false);
    }
  };

  const deleteAll = async () => {
    const targets = loadedItems(queryClient.getQueryData<ListData>(libraryKeys.active)).map((item) => item.id);
    setDeletingAll(true);
    try {
      const { failed, errors } = await runAll(targets, deleteTranscript);
      queryClient.setQueryData<ListData>(libraryKeys.active, keepItems((item) => failed.includes(item.id)));
      if (errors.some(isUnauthorized)) return; // the shared rule is on its way to /login
      if (failed.length > 0) toast.error(T.deleteAllFailed);
      else toast.success(L.deleteAllDone);
    } finally {
      setDeletingAll(false);
      setConfirmingDeleteAll(false);
      headingRef.current?.focus();
      void queryClient.invalidateQueries({ queryKey: libraryKeys.lists });
    }
  };

  let content;
  if (!loaded && (list.isPending || isUnauthorized(list.error))) {
    content = <LoadingState label={TEXTS.common.loading} />;
  } else if (!loaded) {
    content = (
      <div className="stack">
        <Alert tone="error">{L.loadFailed}</Alert>
        <div>
          <Button variant="secondary" onClick={() => void list.refetch()} busy={list.isFetching}>
            {TEXTS.common.retry}
          </Button>
        </div>
      </div>
    );
  } else if (allItems.length === 0 && complete) {
    content = <EmptyList deleted={showDeleted} />;
  } else if (arranging && !complete) {
    // A failed page offers Retry here too: the automatic loading stops at a failure.
    content = list.isFetchNextPageError ? <NextPageState list={list} /> : <LoadingState label={L.loadingAll} />;
  } else if (items.length === 0) {
    content = <p className="library__empty-title">{W.noneMatch}</p>;
  } else {
    content = (
      <>
        <p id={hintId} className="visually-hidden">
          {L.rowsHint}
        </p>
        <ul className="library-list" aria-labelledby={headingId} aria-describedby={hintId} onKeyDown={moveBetweenRows}>
          {items.slice(0, shownCount).map((item) => (
            <li key={item.id}>
              <TranscriptRow item={item} projectName={projectNames.get(item.project_id ?? '')} languages={languages} onRemoved={onRemoved} />
            </li>
          ))}
        </ul>
        {hiddenCount > 0 && (
          <div ref={moreRef} className="library__more">
            <Button variant="secondary" onClick={showMore}>
              {L.showMore(Math.min(hiddenCount, LIST_BATCH))}
            </Button>
          </div>
        )}
        {hiddenCount === 0 && list.hasNextPage && <NextPageState list={list} />}
      </>
    );
  }

  return (
    <div className="library">
      {!showDeleted && <SearchBox />}
      <div className="library__toolbar">
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="library__heading">
          {showDeleted ? L.deletedListLabel : L.listLabel}
          {loaded && ' '}
          {loaded && <span className="library__count">{complete ? L.count(items.length) : L.countSoFar(items.length)}</span>}
        </h2>
        <div className="library__actions">
          <Button variant="secondary" size="sm" onClick={() => {
              setShowDeleted((value) => !value);
              restart();
            }}>
            {showDeleted ? T.showActive : T.showDeleted}
          </Button>
          {!showDeleted && (
            <Button variant="danger" size="sm" disabled={!loaded || allItems.length === 0} busy={deletingAll || loadingAll} onClick={() => void confirmDeleteAll()}>
              {T.deleteAll}
            </Button>
          )}
        </div>
      </div>
      {allItems.length > 0 && (
        <div onFocus={() => setWholeListWanted(true)}>
          <ArrangeBar arrangement={arrangement} onChange={setArrangement} items={allItems} projects={showDeleted ? null : (projects.data ?? [])} />
        </div>
      )}
      {content}
      <ConfirmModal
        open={confirmingDeleteAll}
        onCancel={() => setConfirmingDeleteAll(false)}
        onConfirm={() => void deleteAll()}
        busy={deletingAll}
        title={L.deleteAllTitle}
        description={L.deleteAllText(allItems.length)}
        cancelLabel={L.cancel}
        confirmLabel={T.deleteAll}
      />
    </div>
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

type ListQuery = UseInfiniteQueryResult<ListData>;

/** Asks for the pages not loaded yet, one after another. False when one of them failed. */
async function loadRest(list: ListQuery): Promise<boolean> {
  let result = list;
  while (result.hasNextPage) {
    result = await result.fetchNextPage();
    if (result.isFetchNextPageError) return false;
  }
  return true;
}

/** Where the next page is on its way, or could not come (a retry button). Announced to screen readers. */
function NextPageState({ list }: { list: ListQuery }) {
  return (
    <div className="library__more" role="status">
      {list.isFetchNextPageError ? (
        <>
          <span>{L.loadMoreFailed}</span>{' '}
          <Button variant="secondary" onClick={() => void list.fetchNextPage()} busy={list.isFetchingNextPage}>
            {TEXTS.common.retry}
          </Button>
        </>
      ) : (
        <LoadingState label={L.loadingMore} />
      )}
    </div>
  );
}

/**
 * Hundreds of transcripts stay smooth: the list shows LIST_BATCH more rows as the reader scrolls towards
 * its end (`moreRef`) or presses 'Show more', and asks the server for its next page once the shown rows
 * reach the end of the loaded ones; `wantAll` (filters, another order) asks for every remaining page.
 */
function useGrowingList(length: number, list: ListQuery, wantAll: boolean) {
  const [shownCount, setShownCount] = useState(LIST_BATCH);
  const moreRef = useRef<HTMLDivElement>(null);
  const hiddenCount = Math.max(0, length - shownCount);
  const showMore = useCallback(() => setShownCount((count) => count + LIST_BATCH), []);
  const restart = useCallback(() => setShownCount(LIST_BATCH), []);
  const { hasNextPage, isFetching, isFetchNextPageError, fetchNextPage } = list;
  const needMore = wantAll || shownCount >= length;

  useEffect(() => {
    // Not while the list is being asked again (polling): a next-page call would cancel that refresh.
    if (needMore && hasNextPage && !isFetching && !isFetchNextPageError) void fetchNextPage();
  }, [needMore, hasNextPage, isFetching, isFetchNextPageError, fetchNextPage]);

  useEffect(() => {
    const target = moreRef.current;
    if (!target || hiddenCount === 0 || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) showMore();
    }, { rootMargin: '800px 0px' });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hiddenCount, showMore]);

  return { shownCount, hiddenCount, showMore, moreRef, restart };
}

function EmptyList({ deleted }: { deleted: boolean }) {
  return deleted ? (
    <div className="library__empty">
      <p className="library__empty-title">{L.emptyDeleted}</p>
      <p>{L.emptyDeletedHint}</p>
    </div>
  ) : (
    <div className="library__empty">
      <p className="library__empty-title">{L.emptyActive}</p>
      <p>{L.emptyActiveHint}</p>
      <ButtonLink to={tabHref('transcribe')} size="sm">
        {L.goTranscribe}
      </ButtonLink>
    </div>
  );
}
