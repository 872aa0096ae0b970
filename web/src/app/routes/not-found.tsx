import { SiteLayout } from '@web/components/layouts/site-layout';
import { ButtonLink } from '@web/components/ui/button';
import { useDocumentTitle } from '@web/components/document-title';
import { paths } from '@web/config/paths';
import { COMMON_TEXTS } from '@web/config/texts';
import { NOT_FOUND_TEXTS } from '../texts';
import { useSignedIn } from '@web/lib/session/use-signed-in';

/** docs/product.md#screens-and-routes: any other path. */
export function Component() {
  useDocumentTitle(NOT_FOUND_TEXTS.title);
  const signedIn = useSignedIn();
  return (
    <SiteLayout signedIn={signedIn}>
      <div className="container container--narrow not-found">
        <span className="not-found__icon" aria-hidden="true">
          <svg width="32" height="32" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" focusable="false">
            <path d="M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14ZM20 20l-4-4M9 9l4 4M13 9l-4 4" />
          </svg>
        </span>
        <h1 className="not-found__title">{NOT_FOUND_TEXTS.title}</h1>
        <p className="not-found__text">{NOT_FOUND_TEXTS.message}</p>
        <ButtonLink to={signedIn ? paths.dashboard : paths.home}>{signedIn ? COMMON_TEXTS.goToDashboard : COMMON_TEXTS.backHome}</ButtonLink>
      </div>
    </SiteLayout>
  );
}
