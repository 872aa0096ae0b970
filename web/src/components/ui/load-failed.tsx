import { TEXTS } from '@web/config/texts';
import { Alert } from './alert';
import { Button, type ButtonSize } from './button';

/** What LoadFailed asks again: a query's refetch and whether it is under way. */
export interface Refetchable {
  refetch: () => unknown;
  isFetching: boolean;
}

/** A load that failed: the message, and 'Try again' under it, which asks again (busy while it does). */
export function LoadFailed({ message, query, size, id }: { message: string; query: Refetchable; size?: ButtonSize; id?: string }) {
  return (
    <div id={id} className="stack">
      <Alert tone="error">{message}</Alert>
      <div>
        <Button size={size} variant="secondary" onClick={() => void query.refetch()} busy={query.isFetching}>
          {TEXTS.common.retry}
        </Button>
      </div>
    </div>
  );
}
