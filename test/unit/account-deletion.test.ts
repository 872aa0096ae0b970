/** The account-deletion rule (functions/domain/account-deletion.ts): when a password must be typed. */
import { deletionCheck, GOOGLE_REAUTH_WINDOW_SECONDS } from '../../functions/domain/account-deletion';
import { DeleteAccountBody } from '../../functions/domain/account-schemas';

const NOW = 1_800_000_000;
const google = (secondsAgo: number) => ({ method: 'google' as const, signedInAt: NOW - secondsAgo });
const password = (secondsAgo: number) => ({ method: 'password' as const, signedInAt: NOW - secondsAgo });

describe('deletionCheck', () => {
  it('checks a typed password for every session, however it signed in', () => {
    expect(deletionCheck(password(5), 'Secret-Pass-1', NOW)).toEqual({ outcome: 'check-password' });
    expect(deletionCheck(google(5), 'Secret-Pass-1', NOW)).toEqual({ outcome: 'check-password' });
    expect(deletionCheck(google(86_400), 'Secret-Pass-1', NOW)).toEqual({ outcome: 'check-password' });
  });

  it('without a password, a Google sign-in less than 10 minutes old is enough', () => {
    expect(GOOGLE_REAUTH_WINDOW_SECONDS).toBe(600);
    expect(deletionCheck(google(0), '', NOW)).toEqual({ outcome: 'allowed' });
    expect(deletionCheck(google(599), '', NOW)).toEqual({ outcome: 'allowed' });
  });

  it('without a password, an older Google sign-in is asked to sign in with Google again (403)', () => {
    const again = { outcome: 'refused', status: 403, message: 'For your safety, sign in with Google again, then delete your account.' };
    expect(deletionCheck(google(600), '', NOW)).toEqual(again);
    expect(deletionCheck(google(3 * 86_400), '', NOW)).toEqual(again);
    // A start time in the future (clock trouble) proves nothing.
    expect(deletionCheck(google(-60), '', NOW)).toEqual(again);
  });

  it("without a password, a password session gets the product's warning (400), however recent", () => {
    const warning = { outcome: 'refused', status: 400, message: 'Please agree and enter your password.' };
    expect(deletionCheck(password(0), '', NOW)).toEqual(warning);
    expect(deletionCheck(password(86_400), '', NOW)).toEqual(warning);
  });

  it("a sign-in at the local stand-in for Google is no proof, however fresh: the password is needed (400 without)", () => {
    const standIn = { method: 'google-stand-in' as const, signedInAt: NOW };
    expect(deletionCheck(standIn, '', NOW)).toEqual({ outcome: 'refused', status: 400, message: 'Please agree and enter your password.' });
    expect(deletionCheck(standIn, 'Secret-Pass-1', NOW)).toEqual({ outcome: 'check-password' });
  });
});

describe('the delete-account body', () => {
  it('takes an empty or missing password (the rule decides), refuses a non-string or overlong one', () => {
    expect(DeleteAccountBody.parse({})).toEqual({ password: '' });
    expect(DeleteAccountBody.parse({ password: '' })).toEqual({ password: '' });
    expect(DeleteAccountBody.parse({ password: 'x' })).toEqual({ password: 'x' });
    expect(DeleteAccountBody.safeParse({ password: 42 }).success).toBe(false);
    expect(DeleteAccountBody.safeParse({ password: 'x'.repeat(10_000) }).success).toBe(false);
  });
});
