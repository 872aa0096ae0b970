import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { Button } from '@web/components/ui/button';
import { CheckboxField, TextField } from '@web/components/ui/field';
import { REDIRECT_AFTER_SIGNUP_MS } from '@web/config/constants';
import { paths } from '@web/config/paths';
import { SIGNUP_TEXTS } from '../texts';
import { SIGNUP_TOAST } from '@web/config/toast';
import { useLater } from '@web/lib/use-later';
import { signup } from '../api/auth-api';
import { signupErrorMessage } from '../api/errors';
import { submitChecked } from '../submit-checked';
import { validateSignup, type SignupInput } from '../validation';
import { NewPasswordFields } from './new-password-fields';
import { WithGoogle } from './with-google';

const T = SIGNUP_TEXTS;

/** docs/product.md#screens-and-routes, signup; validation of docs/product.md#validation; toasts bottom-center, 4 s. */
export function SignupForm() {
  const [form, setForm] = useState<SignupInput>({ name: '', email: '', password: '', confirmPassword: '', acceptTerms: false });
  const navigate = useNavigate();
  const later = useLater();

  const mutation = useMutation({
    mutationFn: signup,
    onSuccess: (answer, input) => {
      toast.success(answer?.message ?? T.success, SIGNUP_TOAST);
      // docs/product.md#states: to the verify screen 1 s after the signup call succeeds.
      later(() => navigate(paths.verify(input.email)), REDIRECT_AFTER_SIGNUP_MS);
    },
    onError: (error) => {
      toast.error(signupErrorMessage(error), SIGNUP_TOAST);
    },
  });

  const set = <K extends keyof SignupInput>(key: K, value: SignupInput[K]) => setForm((prev) => ({ ...prev, [key]: value }));

  const onSubmit = submitChecked(
    () => validateSignup(form),
    () => mutation.mutate({ name: form.name.trim(), email: form.email.trim(), password: form.password }),
  );

  const done = mutation.isSuccess;
  return (
    <WithGoogle texts={T}>
      {/* noValidate: the checks and messages of docs/product.md#validation are ours. */}
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField label={T.name} name="name" autoComplete="name" aria-required="true" value={form.name} onChange={(e) => set('name', e.target.value)} />
        <TextField label={T.email} type="email" name="email" autoComplete="email" aria-required="true" value={form.email} onChange={(e) => set('email', e.target.value)} />
        <NewPasswordFields
          texts={T}
          needed={{ 'aria-required': 'true' }}
          password={form.password}
          confirm={form.confirmPassword}
          onPassword={(e) => set('password', e.target.value)}
          onConfirm={(e) => set('confirmPassword', e.target.value)}
        />
        <CheckboxField
          name="acceptTerms"
          checked={form.acceptTerms}
          onChange={(e) => set('acceptTerms', e.target.checked)}
          label={
            <>
              {T.termsPrefix}{' '}
              <Link to={paths.terms} target="_blank">
                {T.termsLink}
              </Link>
            </>
          }
        />
        <Button type="submit" block busy={mutation.isPending} disabled={done}>
          {T.submit}
        </Button>
      </form>
    </WithGoogle>
  );
}
