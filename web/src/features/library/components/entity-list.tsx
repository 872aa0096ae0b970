import { useId, useRef, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { LoadingState } from '@web/components/ui/spinner';
import { TEXTS } from '@web/config/texts';
import { isUnauthorized } from '@web/lib/api-client';
import '../library.css';

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
    content = <LoadingState label={TEXTS.common.loading} />;
  } else if (query.isError) {
    content = (
      <div className="stack">
        <Alert tone="error">{loadFailed}</Alert>
        <div>
          <Button variant="secondary" onClick={() => void query.refetch()} busy={query.isFetching}>
            {TEXTS.common.retry}
          </Button>
        </div>
      </div>
    );
  } else if (query.data.length === 0) {
    content = <p className="library__empty">{empty}</p>;
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
