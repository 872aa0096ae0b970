/** Our own check of the one password policy (cognito-local enforces none; Cognito applies the same constant). */
import { PASSWORD_POLICY } from './constants';

const RULES: { applies: boolean; test: (password: string) => boolean; need: string }[] = [
  { applies: PASSWORD_POLICY.requireLowercase, test: (p) => /[a-z]/.test(p), need: 'a lowercase letter' },
  { applies: PASSWORD_POLICY.requireUppercase, test: (p) => /[A-Z]/.test(p), need: 'an uppercase letter' },
  { applies: PASSWORD_POLICY.requireDigits, test: (p) => /\d/.test(p), need: 'a number' },
  { applies: PASSWORD_POLICY.requireSymbols, test: (p) => /[^A-Za-z0-9\s]/.test(p), need: 'a symbol' },
];

/** The policy in one sentence, for the error message and the forms. */
export const PASSWORD_POLICY_TEXT = `Password must be at least ${PASSWORD_POLICY.minLength} characters and include ${joinList(
  RULES.filter((rule) => rule.applies).map((rule) => rule.need),
)}.`;

/** `null` when the password is acceptable, else the policy sentence. */
export function passwordProblem(password: string): string | null {
  const ok = password.length >= PASSWORD_POLICY.minLength && RULES.every((rule) => !rule.applies || rule.test(password));
  return ok ? null : PASSWORD_POLICY_TEXT;
}

function joinList(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
