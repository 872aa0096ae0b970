import type { ReactNode } from 'react';

export type AlertTone = 'error' | 'success' | 'info' | 'warning';

/** An inline message. Errors and warnings are announced at once (role=alert); the rest politely (role=status). */
export function Alert({ tone = 'info', title, children }: { tone?: AlertTone; title?: string; children: ReactNode }) {
  const urgent = tone === 'error' || tone === 'warning';
  return (
    <div className={`alert alert--${tone}`} role={urgent ? 'alert' : 'status'}>
      {title && <p className="alert__title">{title}</p>}
      <div className="alert__body">{children}</div>
    </div>
  );
}
