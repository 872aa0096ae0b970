import { useDocumentTitle } from '@web/components/document-title';
import { LEGAL_TEXTS } from '@web/features/legal/texts';
import { LegalPage } from '@web/features/legal/components/legal-page';
import { TERMS } from '@web/features/legal/documents';
import { useSignedIn } from '@web/lib/session/use-signed-in';

export function Component() {
  useDocumentTitle(LEGAL_TEXTS.termsTitle);
  return <LegalPage document={TERMS} signedIn={useSignedIn()} />;
}
