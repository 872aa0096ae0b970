import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Button } from '@web/components/ui/button';
import { RETURN_NOTICE_TEXTS } from '@web/config/texts';
import { forgetReturnPath, readReturnPath, returnLinkText, type ReturnPath } from '@web/lib/session/return-path';
import './return-notice.css';

const T = RETURN_NOTICE_TEXTS;

/**
 * On the dashboard and /welcome: the signed-in page opened before signing in (lib/session/return-path.ts),
 * offered back with a link, since /post-login goes only where docs/product.md#screens-and-routes says. Following the link or
 * dismissing forgets the page; the notice also goes when its 10 minutes run out while shown. Nothing shows on that
 * page itself (a remembered /profile on the Profile tab).
 */
export function ReturnNotice() {
  const { pathname, search } = useLocation();
  const [remembered, setRemembered] = useState<ReturnPath | undefined>(undefined);
  // Read after the first render, so the text arrives in a live region already on the page and is announced.
  useEffect(() => setRemembered(readReturnPath()), []);
  useEffect(() => {
    if (!remembered) return;
    const timer = window.setTimeout(() => setRemembered(undefined), Math.max(0, remembered.until - Date.now()));
    return () => window.clearTimeout(timer);
  }, [remembered]);

  const forget = () => {
    forgetReturnPath();
    setRemembered(undefined);
  };
  const dismiss = () => {
    forget();
    // The button goes with the notice: the focus goes to the page's main area, as after a navigation (root-layout.tsx).
    document.getElementById('main')?.focus({ preventScroll: true });
  };
  const shown = remembered !== undefined && !isCurrentPage(remembered.path, pathname + search);
  return (
    <div role="status">
      {shown && (
        <div className="alert alert--info return-notice">
          <p className="return-notice__text">
            {T.text}{' '}
            <Link to={remembered.path} onClick={forget}>
              {returnLinkText(remembered.path)}
            </Link>
          </p>
          <Button variant="secondary" size="sm" onClick={dismiss}>
            {T.dismiss}
          </Button>
        </div>
      )}
    </div>
  );
}

/** Whether `path` is the page shown (its hash aside): e.g. a remembered /profile on the Profile tab. */
function isCurrentPage(path: string, current: string): boolean {
  return path.split('#')[0] === current;
}
