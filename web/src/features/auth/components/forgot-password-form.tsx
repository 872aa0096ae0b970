import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/field';
import { FORGOT_PASSWORD_TEXTS } from '../texts';
import { requestPasswordReset } from '../api/auth-api';

const T = FORGOT_PASSWORD_TEXTS;

/**
 * docs/product.md#screens-and-routes, forgot password. Any successful call gives the same notice (it never tells
 * whether the account exists); any failure gives the generic error notice (section 8).
 */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const mutation = useMutation({ mutationFn: requestPasswordReset });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    mutation.mutate(email.trim());
  };

  return (
    <form className="form" onSubmit={onSubmit}>
      {mutation.isSuccess && <Alert tone="success">{T.success}</Alert>}
      {mutation.isError && <Alert tone="error">{T.failure}</Alert>}
      <TextField label={T.email} type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      <Button type="submit" block busy={mutation.isPending}>
        {T.submit}
      </Button>
    </form>
  );
}
