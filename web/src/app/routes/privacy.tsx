import { ComingSoon } from '../../components/coming-soon';
import { ContentPage } from '../../components/layouts/site-layout';
import { useDocumentTitle } from '../../components/document-title';
import { TEXTS } from '../../config/texts';
import { useSignedIn } from '../../features/session/api/use-signed-in';

export function Component() {
  useDocumentTitle(TEXTS.legal.privacyTitle);
  return (
    <ContentPage title={TEXTS.legal.privacyTitle} signedIn={useSignedIn()}>
      <ComingSoon />
    </ContentPage>
  );
}
