import { paths } from '@web/config/paths';
import { COMMON_TEXTS } from '@web/config/texts';
import { authSwitchPage } from '@web/features/auth/components/auth-switch-page';
import { SignupForm } from '@web/features/auth/components/signup-form';
import { SIGNUP_TEXTS as T } from '@web/features/auth/texts';

export const Component = authSwitchPage({ documentTitle: COMMON_TEXTS.signup, texts: T, prompt: T.haveAccount, linkText: T.loginLink, to: paths.login, Form: SignupForm });
