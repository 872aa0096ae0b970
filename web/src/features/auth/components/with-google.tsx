import type { ReactNode } from 'react';
import { Divider } from './divider';
import { GoogleButton } from './google-button';

/** Login and signup (docs/product.md#screens-and-routes): the email form, then 'or' and the Google sign-in under it. */
export function WithGoogle({ texts, children }: { texts: { or: string; google: string }; children: ReactNode }) {
  return (
    <div className="stack">
      {children}
      <Divider label={texts.or} />
      <GoogleButton label={texts.google} />
    </div>
  );
}
