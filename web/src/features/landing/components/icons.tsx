/** Decorative line icons for the landing page (hidden from assistive tech; the text beside them says it all). */
import type { ReactNode } from 'react';

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

const AUDIENCE_ICONS: Record<string, ReactNode> = {
  Doctors: <path d="M6 3v6a4 4 0 0 0 8 0V3M10 13v3a5 5 0 0 0 10 0v-2M20 12a2 2 0 1 0 0-4 2 2 0 0 0 0 4Z" />,
  Nurses: <path d="M12 21s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 11c0 5.6-7 10-7 10ZM12 9v5M9.5 11.5h5" />,
  Lawyers: <path d="M12 3v18M5 21h14M4 8h16M7 8l-3 6a3 3 0 0 0 6 0L7 8ZM17 8l-3 6a3 3 0 0 0 6 0l-3-6Z" />,
  Students: <path d="m2 9 10-5 10 5-10 5L2 9ZM6 11v5c0 1.7 2.7 3 6 3s6-1.3 6-3v-5" />,
  Podcasters: <path d="M12 2a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V5a3 3 0 0 0-3-3ZM19 10v1a7 7 0 0 1-14 0v-1M12 18v4M8 22h8" />,
  Journalists: <path d="M4 4h13v16H6a2 2 0 0 1-2-2V4ZM17 8h3v10a2 2 0 0 1-2 2M8 8h5M8 12h5M8 16h3" />,
};

export function AudienceIcon({ name }: { name: string }) {
  return <Icon>{AUDIENCE_ICONS[name] ?? <circle cx="12" cy="12" r="8" />}</Icon>;
}

const FEATURE_ICONS: ReactNode[] = [
  <path key="ai" d="M12 3v3M12 18v3M3 12h3M18 12h3M6 6l2 2M16 16l2 2M6 18l2-2M16 8l2-2M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6Z" />,
  <path key="clear" d="M4 6h16M4 10h16M4 14h10M4 18h7M17 16l2 2 3-4" />,
  <path key="lang" d="M3 5h8M7 3v2M5 5c0 4 3 7 6 8M9 5c0 3-2 6-5 8M13 21l4-9 4 9M14.5 18h5" />,
  <path key="sum" d="M12 3l1.9 4.6L19 9l-4 3.4L16 18l-4-2.7L8 18l1-5.6L5 9l5.1-1.4L12 3Z" />,
  <path key="org" d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7ZM14 13h4M16 11v4" />,
];

export function FeatureIcon({ index }: { index: number }) {
  return <Icon>{FEATURE_ICONS[index] ?? <circle cx="12" cy="12" r="8" />}</Icon>;
}
