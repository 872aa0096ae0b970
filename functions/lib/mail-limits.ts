/**
 * Mail sending is throttled (issue 16): per address, a few mails of a kind a minute and an hour, and per
 * client an hour (settings MAIL_LIMIT_*). A throttled request gets the same answer as one that mailed,
 * so the answer tells nothing; in AWS this keeps a flood from using up the day's e-mail quota.
 */
import { getConfig } from './config';
import { takeAll } from './throttle';

/** A code (sign-up, resend), a reset link, a notice (someone tried to sign up with the address). */
export type MailKind = 'code' | 'reset' | 'notice';

const MINUTE = 60;
const HOUR = 60 * 60;

/** Counts one mail of `kind` to `email` asked for by `client`; false when a limit is reached (send nothing). */
export async function mayMail(kind: MailKind, email: string, client: string): Promise<boolean> {
  const config = getConfig();
  return takeAll([
    [{ scope: `mail-${kind}-minute`, limit: config.MAIL_LIMIT_PER_MINUTE, windowSeconds: MINUTE }, email],
    [{ scope: `mail-${kind}-hour`, limit: config.MAIL_LIMIT_PER_HOUR, windowSeconds: HOUR }, email],
    [{ scope: 'mail-client-hour', limit: config.MAIL_LIMIT_PER_CLIENT_HOUR, windowSeconds: HOUR }, client],
  ]);
}
