import { Link } from 'react-router-dom';
import { AuthLayout } from '@web/components/layouts/auth-layout';
import { useDocumentTitle } from '@web/components/document-title';
import { paths } from '@web/config/paths';
import { TEXTS } from '@web/config/texts';
import { LoginForm } from '@web/features/auth/components/login-form';

export function Component() {
  useDocumentTitle(TEXTS.common.login);
  return (
    <AuthLayout
      title={TEXTS.login.title}
      subtitle={TEXTS.login.subtitle}
      footer={
        <p>
          {TEXTS.login.noAccount} <Link to={paths.signup}>{TEXTS.login.signupLink}</Link>
        </p>
      }
    >
      <LoginForm />
    </AuthLayout>
  );
}
