import type { ReactNode } from 'react';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import './site-layout.css';

/** Public pages: header, content, footer. */
export function SiteLayout({ signedIn, children }: { signedIn?: boolean | undefined; children: ReactNode }) {
  return (
    <div className="page">
      <SiteHeader signedIn={signedIn} />
      <main id="main" tabIndex={-1} className="page__main">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

/** A simple centred content page (legal texts, notices) inside the public layout. */
export function ContentPage({ title, lead, children, signedIn }: { title: string; lead?: ReactNode; children?: ReactNode; signedIn?: boolean | undefined }) {
  return (
    <SiteLayout signedIn={signedIn}>
      <div className="container container--narrow content-page">
        <h1 className="content-page__title">{title}</h1>
        {lead && <p className="content-page__lead">{lead}</p>}
        {children}
      </div>
    </SiteLayout>
  );
}
