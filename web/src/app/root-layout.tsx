import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { setUnauthorizedHandler } from '../lib/api-client';
import { paths } from '../config/paths';
import { COMMON_TEXTS } from '../config/texts';
import { SESSION_TEXTS } from './texts';
import { clearSignedInState } from '../lib/session/get-session';

const SESSION_EXPIRED_TOAST_ID = 'session-expired';

/** The shared 401 rule of docs/product.md#roles, wired to the router and the query cache. */
function useSessionExpiredRule() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      setUnauthorizedHandler(() => {
        clearSignedInState(queryClient);
        // Several calls may fail at once: one toast.
        toast.error(SESSION_TEXTS.expired, { toastId: SESSION_EXPIRED_TOAST_ID });
        navigate(paths.login, { replace: true });
      }),
    [navigate, queryClient],
  );
}

/** After an in-app navigation, move focus to the new screen's main region so keyboard and screen-reader users start there. */
function useFocusOnNavigate() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
}

export function RootLayout() {
  useSessionExpiredRule();
  useFocusOnNavigate();
  return (
    <>
      <a className="skip-link" href="#main">
        {COMMON_TEXTS.skipToContent}
      </a>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** Shown while the first screen's code loads. */
export function InitialFallback() {
  return (
    <div className="screen-center" aria-busy="true">
      <span className="spinner" aria-hidden="true" />
    </div>
  );
}
