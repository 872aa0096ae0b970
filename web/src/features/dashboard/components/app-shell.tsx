import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Logo } from '../../../components/ui/logo';
import { TEXTS } from '../../../config/texts';
import { useLogout } from '../../auth/api/use-logout';
import { useSession } from '../../session/api/get-session';

/** The signed-in frame: top bar with the account and Logout, then the screen. */
export function AppShell({ children }: { children: ReactNode }) {
  const { data: session } = useSession();
  const logout = useLogout();
  return (
    <div className="app">
      <header className="app-bar">
        <div className="container app-bar__inner">
          <Logo />
          <div className="app-bar__account">
            {session && (
              <p className="app-bar__email">
                <span className="visually-hidden">{TEXTS.dashboard.signedInAs} </span>
                {session.email}
              </p>
            )}
            <Button variant="secondary" size="sm" onClick={() => logout.mutate()} busy={logout.isPending}>
              {TEXTS.dashboard.logout}
            </Button>
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="app__main">
        <div className="container">{children}</div>
      </main>
    </div>
  );
}
