import { useEffect } from 'react';
import { pageTitle } from '../config/texts';

/** Sets the document title for the current screen. */
export function useDocumentTitle(screen?: string): void {
  useEffect(() => {
    document.title = pageTitle(screen);
  }, [screen]);
}

/** Asks search engines not to index the current screen (a shared link's page), for as long as it is shown. */
export function useNoIndex(): void {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.append(meta);
    return () => meta.remove();
  }, []);
}
