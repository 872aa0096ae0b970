import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/field';
import { REDIRECT_AFTER_VERIFY_MS, RESEND_CODE_GAP_SECONDS } from '@web/config/constants';
import { paths } from '@web/config/paths';
import { VERIFY_TEXTS } from '../texts';
import { SIGNUP_TOAST } from '@web/config/toast';
import { useLater } from '@web/lib/use-later';
import { resendCode, useVerifyCode } from '../api/auth-api';
import { resendWaitOf, verifyErrorMessage, type ResendWaitReason } from '../api/errors';
import { useCountdown } from '../use-countdown';
import { submitChecked } from '../submit-checked';
import { sanitizeCode, validateVerificationCode } from '../validation';
import './verify-form.css';

const T = VERIFY_TEXTS;

/** docs/product.md#screens-and-routes, verify: the email from the query string, a 6-digit code, 'Verify Email'. */
export function VerifyForm() {
  const [params] = useSearchParams();
  const email = params.get('email')?.trim() ?? '';
  const [code, setCode] = useState('');
  const navigate = useNavigate();
  const later = useLater();

  useEffect(() => {
    if (email) return;
    toast.error(T.missingEmail, { ...SIGNUP_TOAST, toastId: 'verify-missing-email' });
    navigate(paths.signup, { replace: true });
  }, [email, navigate]);

  const mutation = useVerifyCode({
    onVerified: (answer) => toast.success(answer?.message ?? T.success, SIGNUP_TOAST),
    // docs/product.md#states: verified and signed in, then on after 1.5 s. /post-login sends a first login
    // to /welcome, from where the dashboard is one click away.
    onSignedIn: () => {
      later(() => navigate(paths.postLogin, { replace: true }), REDIRECT_AFTER_VERIFY_MS);
    },
    onError: (error) => {
      toast.error(verifyErrorMessage(error), SIGNUP_TOAST);
    },
  });

  const onSubmit = submitChecked(
    () => validateVerificationCode(code),
    () => mutation.mutate({ email, code }),
  );

  if (!email) return null;
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <p className="auth__subtitle">
        {T.sentTo} <strong className="break">{email}</strong>
      </p>
      <TextField
        label={T.code}
        name="code"
        className="field--code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        aria-required="true"
        value={code}
        onChange={(e) => setCode(sanitizeCode(e.target.value))}
      />
      <Button type="submit" block busy={mutation.isPending} disabled={mutation.isSuccess}>
        {T.submit}
      </Button>
      <ResendCode email={email} />
    </form>
  );
}

/**
 * "Send a new code" (issue 15): one a minute, the wait counted down on the button, with a line that says
 * why. A refusal is said once to screen readers: the visible line counts every second, which a live
 * region would read out each time. A code that went is announced by its toast.
 */
function ResendCode({ email }: { email: string }) {
  const { seconds, start } = useCountdown();
  const [reason, setReason] = useState<ResendWaitReason>('justSent');
  const [announcement, setAnnouncement] = useState('');
  const resend = useMutation({
    mutationFn: () => resendCode(email),
    onSuccess: () => {
      toast.success(T.resent, SIGNUP_TOAST);
      setReason('justSent');
      setAnnouncement('');
      start(RESEND_CODE_GAP_SECONDS);
    },
    onError: (error) => {
      const wait = resendWaitOf(error);
      if (!wait) {
        toast.error(T.resendFailed, SIGNUP_TOAST);
        return;
      }
      setReason(wait.reason);
      setAnnouncement(T.resendWhy[wait.reason](wait.seconds));
      start(wait.seconds);
    },
  });
  const waiting = seconds > 0;
  return (
    <>
      <p className="auth__resend">
        {T.noCode}{' '}
        <Button variant="ghost" size="sm" busy={resend.isPending} disabled={waiting} onClick={() => resend.mutate()}>
          {waiting ? T.resendIn(seconds) : T.resend}
        </Button>
      </p>
      {waiting && (
        <p className="auth__resend-why" aria-hidden="true">
          {T.resendWhy[reason](seconds)}
        </p>
      )}
      {/* Always in the page, so the text put in it is announced. */}
      <p className="visually-hidden" role="status">
        {waiting ? announcement : ''}
      </p>
    </>
  );
}
