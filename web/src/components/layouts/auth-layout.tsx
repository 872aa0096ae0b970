import type { ReactNode } from 'react';
import { Logo } from '../ui/logo';

/** Sign-in flows: a centred card on a soft background. */
export function AuthLayout({ title, subtitle, children, footer }: { title: string; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode }) {
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
