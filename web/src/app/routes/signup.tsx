import { Link } from 'react-router-dom';
import { AuthLayout } from '@web/components/layouts/auth-layout';
import { useDocumentTitle } from '@web/components/document-title';
import { paths } from '@web/config/paths';
import { TEXTS } from '@web/config/texts';
import { SignupForm } from '@web/features/auth/components/signup-form';

export function Component() {
  useDocumentTitle(TEXTS.common.signup);
  return (
    <AuthLayout
      title={TEXTS.signup.title}
      subtitle={TEXTS.signup.subtitle}
      footer={
        <p>
          {TEXTS.signup.haveAccount} <Link to={paths.login}>{TEXTS.signup.loginLink}</Link>
        </p>
      }
    >
      <SignupForm />
    </AuthLayout>
  );
}
