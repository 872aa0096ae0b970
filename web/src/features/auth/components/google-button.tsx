import { useSearchParams } from 'react-router-dom';
import { Alert } from '@web/components/ui/alert';
import { Button, ButtonAnchor } from '@web/components/ui/button';
import { GOOGLE_TEXTS } from '../texts';
import { googleLoginUrl } from '../api/auth-api';

const T = GOOGLE_TEXTS;

/** The reason a Google sign-in came back to this page (`?error=<code>`), if it is one of ours. */
function googleError(code: string | null): keyof typeof T.errors | null {
  return code && Object.hasOwn(T.errors, code) ? (code as keyof typeof T.errors) : null;
}

/**
 * Google sign-in: a full-page navigation to the provider login path on the API host (docs/product.md#screens-and-routes).
 * When a Google sign-in ended back here, its reason is shown above the button; when the site has no
 * Google configuration, the button says so and is disabled.
 */
export function GoogleButton({ label }: { label: string }) {
  const [params] = useSearchParams();
  const error = googleError(params.get('error'));
  const notConfigured = error === 'google_unavailable';
  return (
    <div className="stack">
      {error && <Alert tone="error">{T.errors[error]}</Alert>}
      {notConfigured ? (
        <Button variant="secondary" block disabled icon={<GoogleMark />}>
          {T.notConfigured}
        </Button>
      ) : (
        <ButtonAnchor href={googleLoginUrl} variant="secondary" block>
          <GoogleMark />
          <span>{label}</span>
        </ButtonAnchor>
      )}
    </div>
  );
}

function GoogleMark() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path fill="#FFC107" d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5Z" />
      <path fill="#FF3D00" d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7Z" />
      <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44Z" />
      <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5Z" />
    </svg>
  );
}
