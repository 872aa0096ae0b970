/**
 * Starts the local stand-in for Google sign-in (google-stand-in-server.mjs: oidc-provider, ESM only, so
 * it runs as a child process and Jest never loads it) on a free loopback port, with one public client
 * whose redirect URIs are the app's callback on each local origin; it signs in only the addresses it is given.
 */
import { join } from 'node:path';
import { GOOGLE_CALLBACK_PATH } from '../../functions/domain/google-sign-in';
import { startChildService } from './child-service';
import type { Emulator } from './emulators';

export interface GoogleStandIn extends Emulator {
  /** The issuer; its discovery document is `<issuer>/.well-known/openid-configuration`. */
  issuer: string;
  clientId: string;
}

export const GOOGLE_STAND_IN_CLIENT_ID = 'local-app';

/** `allowed`: the addresses it may sign in, exactly or as `*@domain` (anyone who can open its page could be anyone). */
export async function startGoogleStandIn(appOrigins: string[], appName: string, allowed: readonly string[]): Promise<GoogleStandIn> {
  const settings = { clientId: GOOGLE_STAND_IN_CLIENT_ID, redirectUris: appOrigins.map((origin) => `${origin}${GOOGLE_CALLBACK_PATH}`), appName, allowed };
  const { ready, stop } = await startChildService<{ type: 'ready'; issuer: string }>(join(__dirname, 'google-stand-in-server.mjs'), {
    label: 'The local Google stand-in',
    env: { GOOGLE_STAND_IN: JSON.stringify(settings), NODE_ENV: 'development' },
  });
  return { endpoint: ready.issuer, issuer: ready.issuer, clientId: GOOGLE_STAND_IN_CLIENT_ID, stop };
}
