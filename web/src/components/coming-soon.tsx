import type { ReactNode } from 'react';
import { TEXTS } from '../config/texts';

/** The honest placeholder of a screen whose feature is not built yet. */
export function ComingSoon({ children }: { children?: ReactNode }) {
  return (
    <div className="coming-soon" role="note">
      <svg className="coming-soon__icon" width="40" height="40" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" d="M12 7v5l3 2M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z" />
      </svg>
      <p>{TEXTS.common.comingSoon}</p>
      {children}
    </div>
  );
}
