import { useDocumentTitle } from '../../components/document-title';
import { TEXTS } from '../../config/texts';
import { LegalPage } from '../../features/legal/components/legal-page';
import { TERMS } from '../../features/legal/documents';
import { useSignedIn } from '../../features/session/api/use-signed-in';

export function Component() {
  useDocumentTitle(TEXTS.legal.termsTitle);
  return <LegalPage document={TERMS} signedIn={useSignedIn()} />;
}
