import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Logo } from '@web/components/ui/logo';
import { DASHBOARD_TEXTS } from '@web/config/texts';
import { useLogout } from '@web/features/auth/api/use-logout';
import { useSession } from '@web/lib/session/get-session';
import { SupportWidget } from '@web/features/support/components/support-widget';
import { QueueBadge } from '@web/features/transcribe/components/upload-queue-provider';
import { DASHBOARD_TABS, tabHref, tabLabel, type DashboardTab } from '@web/config/dashboard-tabs';
import { SidebarIcon } from './icons';
import { ProfileMenu } from './profile-menu';
import { useSidebar } from './use-sidebar';
import './app-shell.css';

const T = DASHBOARD_TEXTS;

/**
 * The signed-in frame (docs/product.md#screens-and-routes, dashboard): a top bar with the sidebar toggle and the account,
 * the collapsible sidebar (Profile, Transcribe File, Transcribed Files, Projects, Tags, Logout) and the screen.
 * `activeTab` marks the current tab; screens outside the dashboard (transcript detail) pass none.
 */
export function AppShell({ activeTab, children }: { activeTab?: DashboardTab | undefined; children: ReactNode }) {
  const { data: session } = useSession();
  const logout = useLogout();
  const sidebar = useSidebar();
  const sidebarId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { overlayOpen, closeOverlay } = sidebar;

  // Narrow screens: Escape closes the open sidebar and gives focus back to its toggle.
  useEffect(() => {
    if (!overlayOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      closeOverlay();
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [overlayOpen, closeOverlay]);

  return (
    <div className="app" data-sidebar={sidebar.expanded ? 'expanded' : 'collapsed'}>
      <header className="app-bar">
        <div className="top-bar app-bar__inner">
          <div className="app-bar__start">
            <button
              ref={toggleRef}
              type="button"
              className="icon-button"
              aria-expanded={sidebar.expanded}
              aria-controls={sidebarId}
              onClick={sidebar.toggle}
            >
              <SidebarIcon name="menu" />
              <span className="visually-hidden">{T.sidebarToggle}</span>
            </button>
            <Logo />
          </div>
          {session && <ProfileMenu email={session.email} />}
        </div>
      </header>
      <div className="app__body">
        <div id={sidebarId} className="sidebar">
          <nav aria-label={T.sidebarLabel} className="sidebar__nav">
            <ul className="sidebar__list">
              {DASHBOARD_TABS.map((tab) => {
                const label = tabLabel(tab);
                return (
                  <li key={tab}>
                    <Link
                      to={tabHref(tab)}
                      className="sidebar__item"
                      aria-current={tab === activeTab ? 'page' : undefined}
                      title={sidebar.expanded ? undefined : label}
                      onClick={closeOverlay}
                    >
                      <SidebarIcon name={tab} />
                      <span className="sidebar__label">{label}</span>
                      {tab === 'transcribe' && <QueueBadge />}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          <div className="sidebar__footer">
            <button
              type="button"
              className="sidebar__item"
              title={sidebar.expanded ? undefined : T.logout}
              onClick={() => logout.mutate()}
              disabled={logout.isPending}
              aria-busy={logout.isPending || undefined}
            >
              <SidebarIcon name="logout" />
              <span className="sidebar__label">{T.logout}</span>
            </button>
          </div>
        </div>
        {overlayOpen && (
          // Tapping beside the open sidebar closes it; keyboard users have Escape and the toggle.
          <div className="sidebar-backdrop" aria-hidden="true" onClick={closeOverlay} />
        )}
        <main id="main" tabIndex={-1} className="app__main">
          <div className="app__content">{children}</div>
        </main>
        <SupportWidget />
      </div>
    </div>
  );
}
