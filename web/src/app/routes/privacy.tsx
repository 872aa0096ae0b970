import { useDocumentTitle } from '@web/components/document-title';
import { LEGAL_TEXTS } from '@web/features/legal/texts';
import { LegalPage } from '@web/features/legal/components/legal-page';
import { PRIVACY } from '@web/features/legal/documents';
import { useSignedIn } from '@web/lib/session/use-signed-in';

export function Component() {
  useDocumentTitle(LEGAL_TEXTS.privacyTitle);
  return <LegalPage document={PRIVACY} signedIn={useSignedIn()} />;
}
