import { useDocumentTitle } from '../../components/document-title';
import { LandingPage } from '../../features/landing/components/landing-page';

export function Component() {
  useDocumentTitle();
  return <LandingPage />;
}
