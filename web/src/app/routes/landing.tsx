import { useDocumentTitle } from '@web/components/document-title';
import { LandingPage } from '@web/features/landing/components/landing-page';

export function Component() {
  useDocumentTitle();
  return <LandingPage />;
}
