import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { REDIRECT_AFTER_PASSWORD_RESET_MS } from '@web/config/constants';
import { paths } from '@web/config/paths';
import { RESET_PASSWORD_TEXTS } from '../texts';
import { useLater } from '@web/lib/use-later';
import { resetPassword } from '../api/auth-api';
import { resetErrorMessage } from '../api/errors';
import { validateNewPassword } from '../validation';
import { NewPasswordFields } from './new-password-fields';

const T = RESET_PASSWORD_TEXTS;

/** docs/product.md#screens-and-routes, reset password. On success the form is hidden and /login follows after 3 s. */
export function ResetPasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState<string | undefined>();
  const navigate = useNavigate();
  const later = useLater();

  const mutation = useMutation({
    mutationFn: resetPassword,
    onSuccess: () => {
      later(() => navigate(paths.login, { replace: true }), REDIRECT_AFTER_PASSWORD_RESET_MS);
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = validateNewPassword(password, confirm);
    setMismatch(problem);
    if (problem) return; // docs/product.md#validation: no call is made.
    mutation.mutate({ token, password });
  };

  if (mutation.isSuccess) {
    return <Alert tone="success">{mutation.data?.message ?? T.success}</Alert>;
  }
  return (
    <form className="form" onSubmit={onSubmit}>
      {mismatch && <Alert tone="error">{mismatch}</Alert>}
      {!mismatch && mutation.isError && <Alert tone="error">{resetErrorMessage(mutation.error)}</Alert>}
      <NewPasswordFields
        texts={T}
        needed={{ required: true }}
        password={password}
        confirm={confirm}
        onPassword={(e) => setPassword(e.target.value)}
        onConfirm={(e) => setConfirm(e.target.value)}
      />
      <Button type="submit" block busy={mutation.isPending}>
        {T.submit}
      </Button>
    </form>
  );
}
