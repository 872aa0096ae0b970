import { useEffect } from 'react';
import { pageTitle } from '../config/texts';

/** Sets the document title for the current screen. */
export function useDocumentTitle(screen?: string): void {
  useEffect(() => {
    document.title = pageTitle(screen);
  }, [screen]);
}
