/** Accounts (docs/product.md#calls): the session, sign-up and its code, passwords, the profile and Google sign-in. */
import { z } from 'zod';
import { DeleteAccountBody, EmailBody, LoginBody, ProfileForm, ResetBody, SignupBody, VerifyBody } from '../domain/account-schemas';
import { json, MessageAnswer, REDIRECT, type AreaRoutes } from './common';

export const SessionView = z.strictObject({
  email: z.string(),
  user: z.string(),
  first_login: z.boolean(),
  /** How this session signed in (account deletion asks for a password only after a password sign-in). */
  sign_in_method: z.enum(['password', 'google', 'google-stand-in']),
});
export type SessionView = z.output<typeof SessionView>;

export const SignedInUser = z.strictObject({ id: z.string(), email: z.string(), name: z.string() });
export type SignedInUser = z.output<typeof SignedInUser>;

export const LoginAnswer = z.strictObject({ user: SignedInUser });
export type LoginAnswer = z.output<typeof LoginAnswer>;

export const VerifiedAnswer = z.strictObject({ message: z.string(), user: SignedInUser });
export type VerifiedAnswer = z.output<typeof VerifiedAnswer>;

/** docs/product.md#entities: the user profile. `age` holds the date of birth (YYYY-MM-DD). */
export const ProfileView = z.strictObject({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  country: z.string(),
  gender: z.string(),
  customGender: z.string(),
  age: z.string(),
  age_change_count: z.number(),
});
export type ProfileView = z.output<typeof ProfileView>;

const optionalParam = z
  .string()
  .optional()
  .transform((value) => value || undefined);

export const ACCOUNT_ROUTES = {
  'GET /api/session': { domain: 'session', auth: 'session', answer: json(SessionView) },
  'POST /api/login': { domain: 'session', auth: 'none', body: LoginBody, answer: json(LoginAnswer), errors: [401] },
  'POST /logout': { domain: 'session', auth: 'none', answer: json(MessageAnswer) },
  'POST /signup': { domain: 'accounts', auth: 'none', body: SignupBody, answer: json(MessageAnswer) },
  'POST /verify-code': { domain: 'accounts', auth: 'none', body: VerifyBody, answer: json(VerifiedAnswer) },
  'POST /api/resend-code': {
    domain: 'accounts',
    auth: 'none',
    body: EmailBody,
    answer: json(MessageAnswer),
    beyondSpec: 'Issue 15: a new sign-up code (the old one stops working), the same answer whether or not the address waits for one; 429 with retry_after when asked too soon.',
  },
  'POST /api/forgot-password': { domain: 'accounts', auth: 'none', body: EmailBody, answer: json(MessageAnswer) },
  'POST /api/reset-password': { domain: 'accounts', auth: 'none', body: ResetBody, answer: json(MessageAnswer) },
  'POST /api/delete-account': { domain: 'accounts', auth: 'session', body: DeleteAccountBody, answer: json(MessageAnswer) },
  'GET /api/profile': { domain: 'profile', auth: 'session', answer: json(ProfileView) },
  'PUT /api/profile': { domain: 'profile', auth: 'session', form: ProfileForm, answer: json(MessageAnswer) },
  'GET /login/google': { domain: 'google', auth: 'none', answer: REDIRECT },
  'GET /login/google/callback': {
    domain: 'google',
    auth: 'none',
    query: z.object({ code: optionalParam, state: optionalParam, error: optionalParam }),
    answer: REDIRECT,
    beyondSpec: 'The redirect URI of the Google sign-in that GET /login/google starts: the provider returns code and state here (docs/architecture.md#sessions-and-identity).',
  },
} as const satisfies AreaRoutes;
