import { useEffect, useRef } from 'react';
import { COMMON_TEXTS } from '@web/config/texts';
import { Alert } from './alert';
import { Button, type ButtonSize } from './button';

/** What LoadFailed asks again: a query's refetch and whether it is under way. */
export interface Refetchable {
  refetch: () => unknown;
  isFetching: boolean;
}

interface LoadFailedProps {
  message: string;
  query: Refetchable;
  size?: ButtonSize;
  id?: string;
  /**
   * Shown again after its 'Try again' failed too: a query without data shows its loading state meanwhile,
   * which took the focus with the old button, so the new one takes it (unless the user moved on).
   */
  failedAgain?: boolean;
}

/** A load that failed: the message, and 'Try again' under it, which asks again (busy while it does). */
export function LoadFailed({ message, query, size, id, failedAgain = false }: LoadFailedProps) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (failedAgain && document.activeElement === document.body) button.current?.focus();
  }, [failedAgain]);
  return (
    <div id={id} className="stack">
      <Alert tone="error">{message}</Alert>
      <div>
        <Button ref={button} size={size} variant="secondary" onClick={() => void query.refetch()} busy={query.isFetching}>
          {COMMON_TEXTS.retry}
        </Button>
      </div>
    </div>
  );
}
