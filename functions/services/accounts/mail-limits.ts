/**
 * Mail sending is throttled (issue 16): per address, a few mails of a kind a minute and an hour, and per
 * client an hour (settings MAIL_LIMIT_*). A throttled request gets the same answer as one that mailed,
 * so the answer tells nothing; in AWS this keeps a flood from using up the day's e-mail quota.
 * The resend route (issue 15) says how long to wait by what the asker did (their sign-up and resends of that
 * address). A sign-up says it too (issue 25: never "we sent a code" with nothing sent): its mails are counted
 * apart from all others ('signup' for a new address's code, 'notice' for a confirmed one's: only sign-ups send
 * those), so its wait follows only sign-ups, which anyone sees alike, and tells nothing of the address.
 */
import { RESEND_CODE_GAP_SECONDS } from '../../domain/constants';
import { getConfig } from '../../platform/config';
import { IdentityError } from './identity';
import { logger } from '../../platform/logger';
import { noteEvent, takeGap, waitToTakeAll, type GapRule, type ThrottleRule } from '../throttle';

/**
 * A sign-up's code, a new code (resend, a login to a sign-up waiting), a reset link, the notice to a confirmed
 * address's owner that someone tried to sign up.
 */
export type MailKind = 'signup' | 'code' | 'reset' | 'notice';

const MINUTE = 60;
const HOUR = 60 * 60;

/**
 * The asker's last sign-up or new code for an address (key: client and address). A sign-up starts the gap
 * whatever it did (a code, a notice to a confirmed account's owner, nothing when mail was throttled), so
 * a resend right after waits alike and its answer does not tell whether the address has an account.
 */
const ASKED_GAP: GapRule = { scope: 'mail-asked-last', gapSeconds: RESEND_CODE_GAP_SECONDS };
/** Codes one asker may ask for an address in an hour (the sign-up counts); the address's own limits are kept silently. */
const askedHour = (): ThrottleRule => ({ scope: 'mail-asked-hour', limit: getConfig().MAIL_LIMIT_PER_HOUR, windowSeconds: HOUR });
const askerOf = (email: string, client: string): string => `${client} ${email}`;

function windowRules(kind: MailKind, email: string, client: string): [ThrottleRule, string][] {
  const config = getConfig();
  return [
    // One a minute (the default) is the gap below; more (tests, a team's server) a window of a minute.
    ...(config.MAIL_LIMIT_PER_MINUTE === 1 ? [] : [[{ scope: `mail-${kind}-minute`, limit: config.MAIL_LIMIT_PER_MINUTE, windowSeconds: MINUTE }, email] as [ThrottleRule, string]]),
    [{ scope: `mail-${kind}-hour`, limit: config.MAIL_LIMIT_PER_HOUR, windowSeconds: HOUR }, email],
    [{ scope: 'mail-client-hour', limit: config.MAIL_LIMIT_PER_CLIENT_HOUR, windowSeconds: HOUR }, client],
  ];
}

/**
 * "One a minute" is a sliding gap of 60 s between mails of a kind to an address, not a window: a window
 * that turns over at the minute would let a second mail go a second after the first.
 */
const minuteGap = (kind: MailKind): GapRule => ({ scope: `mail-${kind}-gap`, gapSeconds: MINUTE });

/**
 * Whether `error` is the mail sender refusing at its limit (Cognito's own sender: 50 a day; SES: per second
 * and per day); if so it is logged for the operator. The caller answers as if the mail went, unless the
 * answer can tell nothing about the address (a new code for the asker's own sign-up).
 */
export function senderLimited(error: unknown, kind: MailKind): boolean {
  if (!(error instanceof IdentityError) || error.reason !== 'throttled') return false;
  // Cognito's name tells the daily mail limit (LimitExceededException) from its request rate (TooManyRequestsException).
  logger.warn('Mail sender limit reached', { mail: kind, cognitoError: error.cognitoName });
  return true;
}

/** Counts one mail of `kind` to `email` asked for by `client`; false when a limit is reached (send nothing). */
export async function mayMail(kind: MailKind, email: string, client: string): Promise<boolean> {
  return (await mailWait(kind, email, client)) === 0;
}

/** As mayMail, answering the seconds until the mail may go (0: counted, send it). */
export async function mailWait(kind: MailKind, email: string, client: string): Promise<number> {
  const gap = getConfig().MAIL_LIMIT_PER_MINUTE === 1 ? await takeGap(minuteGap(kind), email) : 0;
  return gap > 0 ? gap : waitToTakeAll(windowRules(kind, email, client));
}

/**
 * One sign-up by `client` (issue 25: each mails a code or a notice, and the mail sender's day is small):
 * SIGNUP_LIMIT_PER_ADDRESS an hour. Answers the seconds to wait (0: counted).
 */
export async function signUpWait(client: string): Promise<number> {
  const limit = getConfig().SIGNUP_LIMIT_PER_ADDRESS;
  return limit === 0 ? 0 : waitToTakeAll([[{ scope: 'signup-client-hour', limit, windowSeconds: HOUR }, client]]);
}

/** A sign-up of `email` by `client`, whatever it sent: the asker's resend waits the gap from it, and it counts as one code. */
export async function noteSignUp(email: string, client: string): Promise<void> {
  await Promise.all([noteEvent(ASKED_GAP, askerOf(email, client)), waitToTakeAll([[askedHour(), askerOf(email, client)]])]);
}

/** Why a new code must wait, and how long: the gap after the asker's last code, or their codes of the hour used up. */
export interface ResendWait {
  seconds: number;
  rule: 'gap' | 'hour';
}

/**
 * A new code asked for (POST /api/resend-code): how long this asker must wait and why (their own last sign-up
 * or code for the address within the gap, or their codes of the hour used up), or undefined when the answer is
 * "sent". Whether a mail then goes (a pending sign-up, within the address's limits) does not change the answer.
 */
export async function resendWait(email: string, client: string): Promise<ResendWait | undefined> {
  const asker = askerOf(email, client);
  const gap = await takeGap(ASKED_GAP, asker);
  if (gap > 0) return { seconds: gap, rule: 'gap' };
  const hour = await waitToTakeAll([[askedHour(), asker]]);
  return hour > 0 ? { seconds: hour, rule: 'hour' } : undefined;
}
