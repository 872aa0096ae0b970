import { useQuery } from '@tanstack/react-query';
import { AuthLayout } from '@web/components/layouts/auth-layout';
import { ButtonLink } from '@web/components/ui/button';
import { LoadingState } from '@web/components/ui/spinner';
import { useDocumentTitle } from '@web/components/document-title';
import { paths } from '@web/config/paths';
import { COMMON_TEXTS } from '@web/config/texts';
import { WELCOME_TEXTS } from '../texts';
import { ReturnNotice } from '@web/features/auth/components/return-notice';
import { profileQueryOptions } from '@web/features/profile/api/get-profile';

const T = WELCOME_TEXTS;

/**
 * docs/product.md#screens-and-routes, welcome: greets by profile name (or 'there'); an open page, so no session-expired rule here.
 * A first login comes here whatever page it was for: that page is offered back above the button (ReturnNotice).
 */
export function Component() {
  const profile = useQuery(profileQueryOptions({ signedOutCall: true }));
  const name = profile.data?.name?.trim() || T.fallbackName;
  useDocumentTitle(T.greeting(name)); // while the profile loads too: AuthLayout names the tab only once it shows
  if (profile.isPending) {
    return (
      <main id="main" tabIndex={-1} className="screen-center">
        <LoadingState label={COMMON_TEXTS.loading} />
      </main>
    );
  }
  return (
    <AuthLayout title={T.greeting(name)} subtitle={T.text}>
      <ReturnNotice />
      <ButtonLink to={paths.dashboard} block size="lg">
        {COMMON_TEXTS.goToDashboard}
      </ButtonLink>
    </AuthLayout>
  );
}
