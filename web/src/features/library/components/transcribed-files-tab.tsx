import { useCallback, useId, useRef, useState, type RefObject } from 'react';
import { Button } from '@web/components/ui/button';
import { ConfirmModal } from '@web/components/ui/confirm-modal';
import { COMMON_TEXTS } from '@web/config/texts';
import { LIBRARY_TEXTS } from '../texts';
import { useTranslationLanguages } from '@web/transcript/api/translation';
import { useDeleteAllFlow } from '../hooks/use-delete-all-flow';
import { useLibraryList, type LibraryList } from '../hooks/use-library-list';
import { ArrangeBar } from './arrange-bar';
import { SearchBox } from './search-box';
import { AskPanel } from '@web/transcript/ask-panel';
import { ASK_TEXTS } from '@web/transcript/texts';
import { TranscriptList } from './transcript-list';
import '../library.css';

const T = LIBRARY_TEXTS;
const L = LIBRARY_TEXTS;

/**
 * docs/product.md#screens-and-routes, the Transcribed Files tab: the active transcripts (newest first), or the deleted
 * ones behind the 'Show Deleted' / 'Show Active' toggle; 'Delete All' for the active ones (those the filters show, when one is on).
 */
export function TranscribedFilesTab() {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [showDeleted, setShowDeleted] = useState(false);
  const library = useLibraryList(showDeleted);
  const languages = useTranslationLanguages();
  const deleteAll = useDeleteAllFlow(library.list, headingRef, library.arrangement);
  const focusWhenLost = useFocusWhenLost(headingRef);
  const { loaded, complete, allItems, items } = library;
  // While a filter or another order waits for every page, the rows so far say nothing of the count ('0+'
  // while the matches are on later pages): the list says it is loading them all, and the count comes with them.
  const counted = loaded && (complete || !library.arranging);
  // With a filter on, Delete All acts on the rows it shows: none shown, nothing to delete.
  const deletable = deleteAll.filtered ? items : allItems;

  return (
    <div className="library">
      {!showDeleted && <SearchBox />}
      {!showDeleted && <AskSection projectId={library.arrangement.projectId || undefined} />}
      <div className="spread-row">
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="library__heading">
          {showDeleted ? L.deletedListLabel : L.listLabel}
          {counted && ' '}
          {counted && <span className="note note--subtle library__count">{complete ? L.count(items.length) : L.countSoFar(items.length)}</span>}
        </h2>
        <div className="library__actions">
          <Button variant="secondary" size="sm" onClick={() => {
              setShowDeleted((value) => !value);
              library.growing.restart();
            }}>
            {showDeleted ? T.showActive : T.showDeleted}
          </Button>
          {!showDeleted && (
            <Button variant="danger" size="sm" disabled={!loaded || deletable.length === 0} busy={deleteAll.busy} onClick={(event) => void deleteAll.ask(event.currentTarget)}>
              {T.deleteAll}
            </Button>
          )}
        </div>
      </div>
      <Arranging library={library} />
      <TranscriptList library={library} deleted={showDeleted} headingId={headingId} languages={languages} onFocusLost={focusWhenLost} />
      <ConfirmModal
        open={deleteAll.confirming}
        onCancel={deleteAll.cancel}
        onConfirm={() => void deleteAll.confirm()}
        busy={deleteAll.deleting}
        title={deleteAll.filtered ? L.deleteShownTitle(deleteAll.count) : L.deleteAllTitle}
        description={deleteAll.filtered ? L.deleteShownText(deleteAll.count) : L.deleteAllText(deleteAll.count)}
        cancelLabel={COMMON_TEXTS.cancel}
        confirmLabel={deleteAll.filtered ? L.deleteShownConfirm(deleteAll.count) : T.deleteAll}
        returnFocusTo={deleteAll.returnFocusTo}
      />
    </div>
  );
}

/** The filters and order, once there is something to arrange. */
function Arranging({ library }: { library: LibraryList }) {
  if (library.allItems.length === 0) return null;
  return <ArrangeBar arrangement={library.arrangement} onChange={library.setArrangement} tags={library.tagChoices} projects={library.projects} />;
}

/** An item that left the list, or a 'Try again' that went once the list came, took the focus with it: `target` (the list's heading) gets it. */
function useFocusWhenLost(target: RefObject<HTMLElement | null>) {
  return useCallback(() => {
    requestAnimationFrame(() => {
      if (!document.activeElement || document.activeElement === document.body) target.current?.focus();
    });
  }, [target]);
}

/** Ask over all the user's transcripts, or the project the list is filtered to (issue 30). */
function AskSection({ projectId }: { projectId: string | undefined }) {
  // A labelled region like the search above it, no heading (the list's heading stays the tab's one h2): its name is its field's visible label.
  return (
    <section className="stack stack--gap-2 search" aria-label={ASK_TEXTS.title}>
      <AskPanel projectId={projectId} label={ASK_TEXTS.title} />
    </section>
  );
}
