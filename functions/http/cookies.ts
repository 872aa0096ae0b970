/**
 * The app's cookies, at the edge: services hand over and take plain values (a session token, a sign-up's
 * nonce, a device token); here they become Set-Cookie values, HttpOnly and SameSite=Lax, Secure over https.
 */
import { DEVICE_COOKIE_NAME, DEVICE_TTL_SECONDS, SESSION_COOKIE_NAME, SESSION_TTL_SECONDS, SIGNUP_COOKIE_NAME } from '../domain/constants';
import { getConfig } from '../platform/config';
import { readCookie, serializeCookie, type ApiEvent } from './http';

/** Cookies are Secure when the app is served over https. */
export const secureCookies = (): boolean => getConfig().publicOrigin.startsWith('https://');

const cookie = (name: string, value: string, maxAgeSeconds: number): string => serializeCookie(name, value, { maxAgeSeconds, secure: secureCookies() });

export const sessionCookie = (token: string): string => cookie(SESSION_COOKIE_NAME, token, SESSION_TTL_SECONDS);
/** The Set-Cookie value that removes the session cookie from the browser. */
export const clearedSessionCookie = (): string => cookie(SESSION_COOKIE_NAME, '', 0);

/** The browser's sign-up nonce (services/accounts/pending-sign-ups.ts), given again for a fresh expiry. */
export const signUpCookie = (nonce: string): string => cookie(SIGNUP_COOKIE_NAME, nonce, SESSION_TTL_SECONDS);
export const clearedSignUpCookie = (): string => cookie(SIGNUP_COOKIE_NAME, '', 0);

/** The browser's device token for the accounts it has signed in to with their password (services/accounts/known-devices.ts). */
export const deviceCookie = (token: string): string => cookie(DEVICE_COOKIE_NAME, token, DEVICE_TTL_SECONDS);

/** What the request's browser holds: its sign-up nonce and device token, as services take them (unchecked). */
export const heldCookies = (event: ApiEvent): { nonce: string | undefined; device: string | undefined } => ({
  nonce: readCookie(event, SIGNUP_COOKIE_NAME),
  device: readCookie(event, DEVICE_COOKIE_NAME),
});
