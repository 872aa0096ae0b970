import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@web/config/paths';
import { COMMON_TEXTS } from '@web/config/texts';
import { ButtonLink } from '../ui/button';
import { Logo } from '../ui/logo';
import './site-layout.css';

/**
 * The public header. `signedIn` comes from the session (undefined while unknown: no links then,
 * so nothing flickers).
 */
export function SiteHeader({ signedIn, children }: { signedIn?: boolean | undefined; children?: ReactNode }) {
  return (
    <header className="site-header">
      <div className="container top-bar">
        <Logo />
        <nav aria-label={COMMON_TEXTS.mainNavigation} className="site-header__nav">
          {children}
          {signedIn === true && (
            <ButtonLink to={paths.dashboard} variant="primary" size="sm">
              {COMMON_TEXTS.dashboard}
            </ButtonLink>
          )}
          {signedIn === false && (
            <>
              <Link to={paths.login} className="nav-link">
                {COMMON_TEXTS.login}
              </Link>
              <ButtonLink to={paths.signup} variant="primary" size="sm">
                {COMMON_TEXTS.signup}
              </ButtonLink>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
