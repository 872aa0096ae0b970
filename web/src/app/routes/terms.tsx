import { useDocumentTitle } from '@web/components/document-title';
import { TEXTS } from '@web/config/texts';
import { LegalPage } from '@web/features/legal/components/legal-page';
import { TERMS } from '@web/features/legal/documents';
import { useSignedIn } from '@web/lib/session/use-signed-in';

export function Component() {
  useDocumentTitle(TEXTS.legal.termsTitle);
  return <LegalPage document={TERMS} signedIn={useSignedIn()} />;
}
