import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { paths } from '../../../config/paths';
import { TEXTS } from '../../../config/texts';
import { SESSION_QUERY_KEY } from '../../session/api/get-session';
import { login } from '../api/auth-api';
import { loginErrorMessage } from '../api/errors';
import { Divider } from './divider';
import { GoogleButton } from './google-button';

const T = TEXTS.login;

/** SPEC.md section 2, login: email and password (both required, email type), Google, links. */
export function LoginForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: login,
    onSuccess: async () => {
      // The session now exists: let /post-login read it and route (welcome on first login, else dashboard).
      await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      navigate(paths.postLogin, { replace: true });
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    mutation.mutate({ email: email.trim(), password });
  };

  return (
    <div className="stack">
      <form className="form" onSubmit={onSubmit}>
        {mutation.isError && <Alert tone="error">{loginErrorMessage(mutation.error)}</Alert>}
        <TextField label={T.email} type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <TextField
          label={T.password}
          type="password"
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
      <Divider label={T.or} />
      <GoogleButton label={T.google} />
    </div>
  );
}
