import { LoadingState } from './ui/spinner';
import { Button } from './ui/button';
import { Alert } from './ui/alert';
import { COMMON_TEXTS } from '../config/texts';

/** docs/product.md#screens-and-routes: 'Loading session' while the session loads. */
export function LoadingSession() {
  return (
    <main id="main" tabIndex={-1} className="screen-center">
      <LoadingState label={COMMON_TEXTS.loadingSession} />
    </main>
  );
}

/** The session could not be checked (no answer, or a server error): say so and offer a retry. */
export function SessionError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <main id="main" tabIndex={-1} className="screen-center">
      <div className="card card--narrow stack">
        <Alert tone="error">{COMMON_TEXTS.sessionCheckFailed}</Alert>
        <Button onClick={onRetry} busy={retrying}>
          {COMMON_TEXTS.retry}
        </Button>
      </div>
    </main>
  );
}
