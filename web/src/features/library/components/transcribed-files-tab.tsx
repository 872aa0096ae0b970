import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { Alert } from '@web/components/ui/alert';
import { Button, ButtonLink } from '@web/components/ui/button';
import { ConfirmModal } from '@web/components/ui/confirm-modal';
import { LoadingState } from '@web/components/ui/spinner';
import { TEXTS } from '@web/config/texts';
import { isUnauthorized } from '@web/lib/api-client';
import { tabHref } from '@web/config/dashboard-tabs';
import { libraryKeys } from '@web/lib/library-keys';
import { deleteTranscript, transcriptListQuery, type TranscriptListItem } from '../api/transcripts';
import { useTranslationLanguages } from '@web/lib/translation';
import { rowTarget, runAll } from '../format';
import { projectsQuery } from '@web/lib/library-keys';
import { ANY, arrange, type Arrangement } from '../arrange';
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

  const list = useQuery(transcriptListQuery(showDeleted ? 'deleted' : 'active'));
  const languages = useTranslationLanguages();
  const [arrangement, setArrangement] = useState<Arrangement>(ANY);
  const projects = useQuery({ ...projectsQuery(), enabled: !showDeleted });
  const allItems = list.data ?? [];
  const items = useMemo(() => arrange(allItems, arrangement), [allItems, arrangement]);
  const { shownCount, hiddenCount, showMore, moreRef, restart } = useGrowingList(items.length);
  const hintId = useId();
  const projectNames = useMemo(() => new Map((projects.data ?? []).map((project) => [project.id, project.name])), [projects.data]);

  // An item that left the list took the focus with it: give it to the list's heading.
  const onRemoved = useCallback(() => {
    requestAnimationFrame(() => {
      if (!document.activeElement || document.activeElement === document.body) headingRef.current?.focus();
    });
  }, []);

  const deleteAll = async () => {
    const targets = (queryClient.getQueryData<TranscriptListItem[]>(libraryKeys.active) ?? []).map((item) => item.id);
    setDeletingAll(true);
    try {
      const { failed, errors } = await runAll(targets, deleteTranscript);
      queryClient.setQueryData<TranscriptListItem[]>(libraryKeys.active, (current) => current?.filter((item) => failed.includes(item.id)));
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
  if (list.isPending || (list.isError && isUnauthorized(list.error))) {
    content = <LoadingState label={TEXTS.common.loading} />;
  } else if (list.isError) {
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
  } else if (allItems.length === 0) {
    content = <EmptyList deleted={showDeleted} />;
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
      </>
    );
  }

  return (
    <div className="library">
      {!showDeleted && <SearchBox />}
      <div className="library__toolbar">
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="library__heading">
          {showDeleted ? L.deletedListLabel : L.listLabel}
          {list.isSuccess && ' '}
          {list.isSuccess && <span className="library__count">{L.count(items.length)}</span>}
        </h2>
        <div className="library__actions">
          <Button variant="secondary" size="sm" onClick={() => {
              setShowDeleted((value) => !value);
              restart();
            }}>
            {showDeleted ? T.showActive : T.showDeleted}
          </Button>
          {!showDeleted && (
            <Button variant="danger" size="sm" disabled={!list.isSuccess || allItems.length === 0} busy={deletingAll} onClick={() => setConfirmingDeleteAll(true)}>
              {T.deleteAll}
            </Button>
          )}
        </div>
      </div>
      {allItems.length > 0 && <ArrangeBar arrangement={arrangement} onChange={setArrangement} items={allItems} projects={showDeleted ? null : (projects.data ?? [])} />}
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

/** Hundreds of transcripts stay smooth: the list shows LIST_BATCH more as the reader scrolls towards its end (`moreRef`). */
function useGrowingList(length: number) {
  const [shownCount, setShownCount] = useState(LIST_BATCH);
  const moreRef = useRef<HTMLDivElement>(null);
  const hiddenCount = Math.max(0, length - shownCount);
  const showMore = useCallback(() => setShownCount((count) => count + LIST_BATCH), []);
  const restart = useCallback(() => setShownCount(LIST_BATCH), []);

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
