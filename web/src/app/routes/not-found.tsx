import { SiteLayout } from '../../components/layouts/site-layout';
import { ButtonLink } from '../../components/ui/button';
import { useDocumentTitle } from '../../components/document-title';
import { paths } from '../../config/paths';
import { TEXTS } from '../../config/texts';
import { useSignedIn } from '../../features/session/api/use-signed-in';

/** SPEC.md section 2: any other path. */
export function Component() {
  useDocumentTitle(TEXTS.notFound.title);
  const signedIn = useSignedIn();
  return (
    <SiteLayout signedIn={signedIn}>
      <div className="container container--narrow not-found">
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
        <h1 className="not-found__title">{TEXTS.notFound.title}</h1>
        <p className="not-found__text">{TEXTS.notFound.message}</p>
        <ButtonLink to={signedIn ? paths.dashboard : paths.home}>{signedIn ? TEXTS.common.goToDashboard : TEXTS.common.backHome}</ButtonLink>
      </div>
    </SiteLayout>
  );
}
