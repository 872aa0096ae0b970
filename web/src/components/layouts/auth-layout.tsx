import type { ReactNode } from 'react';
import { useDocumentTitle } from '../document-title';
import { Logo } from '../ui/logo';
import './auth-layout.css';

interface AuthLayoutProps {
  title: string;
  /** The browser tab's title, when it is not the card's title (login and signup). */
  documentTitle?: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** Sign-in flows: a centred card on a soft background; the tab is named after the screen. */
export function AuthLayout({ title, documentTitle = title, subtitle, children, footer }: AuthLayoutProps) {
  useDocumentTitle(documentTitle);
  return (
    <div className="auth">
      <header className="auth__header">
        <Logo />
      </header>
      <main id="main" tabIndex={-1} className="auth__main">
        <div className="card auth__card">
          <h1 className="auth__title">{title}</h1>
          {subtitle && <p className="auth__subtitle">{subtitle}</p>}
          {children}
        </div>
        {footer && <div className="auth__footer">{footer}</div>}
      </main>
    </div>
  );
}
