import { useDocumentTitle } from '../../components/document-title';
import { TEXTS } from '../../config/texts';
import { LegalPage } from '../../features/legal/components/legal-page';
import { PRIVACY } from '../../features/legal/documents';
import { useSignedIn } from '../../features/session/api/use-signed-in';

export function Component() {
  useDocumentTitle(TEXTS.legal.privacyTitle);
  return <LegalPage document={PRIVACY} signedIn={useSignedIn()} />;
}
