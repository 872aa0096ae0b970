import { useId, useRef, useState, type ComponentType, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { Button } from '@web/components/ui/button';
import { ConfirmModal } from '@web/components/ui/confirm-modal';
import { LoadFailed } from '@web/components/ui/load-failed';
import { LoadingState } from '@web/components/ui/spinner';
import { COMMON_TEXTS } from '@web/config/texts';
import { isUnauthorized } from '@web/lib/api-client';
import '../library.css';

/** The Projects and Tags tabs' screen: the form that adds one above the list of them. */
export function formAboveList(Form: ComponentType, List: ComponentType): ComponentType {
  return function LibraryEntityTab() {
    return (
      <div className="library">
        <Form />
        <List />
      </div>
    );
  };
}

/** An item's Edit (or Rename) and Delete buttons, after any buttons of its own. */
export function EntityActions({ children, edit, remove }: { children?: ReactNode; edit: EntityAction & { action: string }; remove: EntityAction & { busy: boolean } }) {
  return (
    <div className="library__actions">
      {children}
      <Button data-action={edit.action} size="sm" variant="secondary" aria-label={edit.label} onClick={edit.onClick}>
        {edit.text}
      </Button>
      <Button size="sm" variant="danger" aria-label={remove.label} busy={remove.busy} onClick={remove.onClick}>
        {remove.text}
      </Button>
    </div>
  );
}

interface EntityAction {
  text: string;
  /** Names the item, for screen readers. */
  label: string;
  onClick: () => void;
}

export interface EntityListProps<T extends { id: string }> {
  /** The list's query (a 401 shows loading: the shared rule toasts and goes to /login). */
  query: UseQueryResult<T[]>;
  title: string;
  loadFailed: string;
  empty: string;
  /** One item; `onDeleted` puts the focus on the list's heading (the item is gone). */
  renderItem: (item: T, onDeleted: () => void) => ReactNode;
}

/** The Projects and Tags lists: a focusable heading, then loading, a load failure with Retry, the empty text, or the items. */
export function EntityList<T extends { id: string }>({ query, title, loadFailed, empty, renderItem }: EntityListProps<T>) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusHeading = () => headingRef.current?.focus();

  let content;
  if (query.isPending || (query.isError && isUnauthorized(query.error))) {
    content = <LoadingState label={COMMON_TEXTS.loading} />;
  } else if (query.isError) {
    content = <LoadFailed message={loadFailed} query={query} />;
  } else if (query.data.length === 0) {
    content = <p className="stack stack--gap-2 stack--center library__empty">{empty}</p>;
  } else {
    content = (
      <ul className="list-stack list-stack--roomy" aria-labelledby={headingId}>
        {query.data.map((item) => (
          <li key={item.id}>{renderItem(item, focusHeading)}</li>
        ))}
      </ul>
    );
  }
  return (
    <section className="stack" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="library__heading">
        {title}
      </h2>
      {content}
    </section>
  );
}

/**
 * The state of a project's or a tag's delete confirmation, and the delete call's handlers: the
 * confirmation closes either way; once deleted, `deletedText` is toasted and `onDeleted` runs.
 */
export function useDeleteConfirmation(deletedText: string, onDeleted: () => void, onFailed: (error: unknown) => void) {
  const [open, setOpen] = useState(false);
  const handlers = {
    onSuccess: () => {
      setOpen(false);
      toast.success(deletedText);
      onDeleted();
    },
    onError: (error: unknown) => {
      setOpen(false);
      onFailed(error);
    },
  };
  return { open, ask: () => setOpen(true), cancel: () => setOpen(false), handlers };
}

/** The texts of a project's or a tag's delete confirmation. */
export interface DeleteTexts {
  deleteTitle: (name: string) => string;
  deleteText: string;
}

type DeleteConfirmation = ReturnType<typeof useDeleteConfirmation>;

/** A project's or a tag's delete, asked first: Cancel closes, Delete sends `remove`. */
export function DeleteConfirm({ confirmation, name, texts, remove }: { confirmation: DeleteConfirmation; name: string; texts: DeleteTexts; remove: { mutate: () => void; isPending: boolean } }) {
  return (
    <ConfirmModal
      open={confirmation.open}
      onCancel={confirmation.cancel}
      onConfirm={() => remove.mutate()}
      busy={remove.isPending}
      title={texts.deleteTitle(name)}
      description={texts.deleteText}
      cancelLabel={COMMON_TEXTS.cancel}
      confirmLabel={COMMON_TEXTS.delete}
    />
  );
}
