import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { PasswordField, TextField } from '@web/components/ui/field';
import { paths } from '@web/config/paths';
import { LOGIN_TEXTS } from '../texts';
import { login } from '../api/auth-api';
import { mayBeUnconfirmedLogin, loginErrorMessage } from '../api/errors';
import { WithGoogle } from './with-google';

const T = LOGIN_TEXTS;

/** docs/product.md#screens-and-routes, login: email and password (both required, email type), Google, links. */
export function LoginForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: login,
    // The session now exists. /post-login checks it afresh and routes (welcome on first login, else the page
    // remembered for this login or the dashboard). The cached 'signed out' is left alone until then: refreshing
    // it here would let this screen's guard jump to /dashboard first, whose profile call would end the first
    // login before /post-login sees it.
    onSuccess: () => navigate(paths.postLogin, { replace: true }),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    mutation.mutate({ email: email.trim(), password });
  };

  return (
    <WithGoogle texts={T}>
      <form className="form" onSubmit={onSubmit}>
        {mutation.isError && (
          <Alert tone="error">
            {loginErrorMessage(mutation.error)}
            {mayBeUnconfirmedLogin(mutation.error) && (
              <>
                {' '}
                <Link to={paths.verify(mutation.variables.email)}>{T.verifyLink}</Link>
              </>
            )}
          </Alert>
        )}
        <TextField label={T.email} type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <PasswordField
          label={T.password}
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="form__aside">
          <Link to={paths.forgotPassword}>{T.forgotPassword}</Link>
        </div>
        <Button type="submit" block busy={mutation.isPending}>
          {T.submit}
        </Button>
      </form>
    </WithGoogle>
  );
}
