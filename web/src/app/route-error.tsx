import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Alert } from '../components/ui/alert';
import { Button, ButtonLink } from '../components/ui/button';
import { paths } from '../config/paths';
import { COMMON_TEXTS } from '../config/texts';
// The crash screen titles itself like the sign-in screens.
import '../components/layouts/auth-layout.css';

/** A screen failed to load or crashed (e.g. its code chunk is gone after a deploy): say so, offer a reload. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : undefined;
  return (
    <main id="main" tabIndex={-1} className="screen-center">
      <div className="card card--narrow stack">
        <h1 className="auth__title">{COMMON_TEXTS.pageCrashed}</h1>
        <Alert tone="error">{detail ?? COMMON_TEXTS.unexpectedError}</Alert>
        <div className="row">
          <Button onClick={() => window.location.reload()}>{COMMON_TEXTS.retry}</Button>
          <ButtonLink to={paths.home} variant="secondary" reloadDocument>
            {COMMON_TEXTS.backHome}
          </ButtonLink>
        </div>
      </div>
    </main>
  );
}
