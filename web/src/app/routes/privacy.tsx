import { useDocumentTitle } from '@web/components/document-title';
import { TEXTS } from '@web/config/texts';
import { LegalPage } from '@web/features/legal/components/legal-page';
import { PRIVACY } from '@web/features/legal/documents';
import { useSignedIn } from '@web/lib/session/use-signed-in';

export function Component() {
  useDocumentTitle(TEXTS.legal.privacyTitle);
  return <LegalPage document={PRIVACY} signedIn={useSignedIn()} />;
}
