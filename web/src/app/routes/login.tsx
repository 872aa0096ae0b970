import { paths } from '@web/config/paths';
import { COMMON_TEXTS } from '@web/config/texts';
import { authSwitchPage } from '@web/features/auth/components/auth-switch-page';
import { LoginForm } from '@web/features/auth/components/login-form';
import { LOGIN_TEXTS as T } from '@web/features/auth/texts';

export const Component = authSwitchPage({ documentTitle: COMMON_TEXTS.login, texts: T, prompt: T.noAccount, linkText: T.signupLink, to: paths.signup, Form: LoginForm });
