/**
 * Mail sending is throttled (issue 16): per address, a few mails of a kind a minute and an hour, and per
 * client an hour (settings MAIL_LIMIT_*). A throttled request gets the same answer as one that mailed,
 * so the answer tells nothing; in AWS this keeps a flood from using up the day's e-mail quota.
 * The resend route (issue 15) is the one place that says how long to wait: a new code not within
 * RESEND_CODE_GAP_SECONDS of the last mail a sign-up sent, whichever it was.
 */
import { RESEND_CODE_GAP_SECONDS } from '../domain/constants';
import { getConfig } from './config';
import { noteEvent, takeGap, waitToTakeAll, type GapRule, type ThrottleRule } from './throttle';

/** A code (sign-up, resend), a reset link, a notice (someone tried to sign up with the address). */
export type MailKind = 'code' | 'reset' | 'notice';

const MINUTE = 60;
const HOUR = 60 * 60;

/**
 * The last mail a sign-up sent to an address: a code for a new or pending sign-up, a notice for a
 * confirmed account. Both start the gap, so a resend right after any sign-up waits alike and its
 * answer does not tell whether the address has an account.
 */
const SIGN_UP_MAIL: GapRule = { scope: 'mail-signup-last', gapSeconds: RESEND_CODE_GAP_SECONDS };

function mailRules(kind: MailKind, email: string, client: string): [ThrottleRule, string][] {
  const config = getConfig();
  return [
    [{ scope: `mail-${kind}-minute`, limit: config.MAIL_LIMIT_PER_MINUTE, windowSeconds: MINUTE }, email],
    [{ scope: `mail-${kind}-hour`, limit: config.MAIL_LIMIT_PER_HOUR, windowSeconds: HOUR }, email],
    [{ scope: 'mail-client-hour', limit: config.MAIL_LIMIT_PER_CLIENT_HOUR, windowSeconds: HOUR }, client],
  ];
}

/** Counts one mail of `kind` to `email` asked for by `client`; the seconds to wait when a limit is reached (send nothing), else 0. */
async function mailWait(kind: MailKind, email: string, client: string): Promise<number> {
  const wait = await waitToTakeAll(mailRules(kind, email, client));
  if (wait === 0 && kind !== 'reset') await noteEvent(SIGN_UP_MAIL, email);
  return wait;
}

/** Counts one mail of `kind` to `email` asked for by `client`; false when a limit is reached (send nothing). */
export async function mayMail(kind: MailKind, email: string, client: string): Promise<boolean> {
  return (await mailWait(kind, email, client)) === 0;
}

/**
 * A new code asked for (POST /api/resend-code): the seconds to wait, or 0 when it may go now (counted as a
 * code mail). Counted whether or not the address is waiting for a code, so the answer is the same.
 */
export async function resendWait(email: string, client: string): Promise<number> {
  const gap = await takeGap(SIGN_UP_MAIL, email);
  return gap > 0 ? gap : mailWait('code', email, client);
}
