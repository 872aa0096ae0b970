import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@web/config/paths';
import { TEXTS } from '@web/config/texts';
import { ButtonLink } from '../ui/button';
import { Logo } from '../ui/logo';

/**
 * The public header. `signedIn` comes from the session (undefined while unknown: no links then,
 * so nothing flickers).
 */
export function SiteHeader({ signedIn, children }: { signedIn?: boolean | undefined; children?: ReactNode }) {
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Logo />
        <nav aria-label={TEXTS.common.mainNavigation} className="site-header__nav">
          {children}
          {signedIn === true && (
            <ButtonLink to={paths.dashboard} variant="primary" size="sm">
              {TEXTS.common.dashboard}
            </ButtonLink>
          )}
          {signedIn === false && (
            <>
              <Link to={paths.login} className="nav-link">
                {TEXTS.common.login}
              </Link>
              <ButtonLink to={paths.signup} variant="primary" size="sm">
                {TEXTS.common.signup}
              </ButtonLink>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
