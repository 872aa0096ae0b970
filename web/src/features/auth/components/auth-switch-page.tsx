import type { ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { AuthLayout } from '@web/components/layouts/auth-layout';

interface AuthSwitchPage {
  /** The browser tab's title. */
  documentTitle: string;
  texts: { title: string; subtitle: string };
  /** The line under the card that leads to the other page ("No account?" and its link). */
  prompt: string;
  linkText: string;
  to: string;
  Form: ComponentType;
}

/** Log in and sign up: the form in the auth card, and under it a line that leads to the other one. */
export function authSwitchPage({ documentTitle, texts, prompt, linkText, to, Form }: AuthSwitchPage): ComponentType {
  return function AuthSwitch() {
    const footer = (
      <p>
        {prompt} <Link to={to}>{linkText}</Link>
      </p>
    );
    return (
      <AuthLayout documentTitle={documentTitle} title={texts.title} subtitle={texts.subtitle} footer={footer}>
        <Form />
      </AuthLayout>
    );
  };
}
