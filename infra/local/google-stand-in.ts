/**
 * Starts the local stand-in for Google sign-in (google-stand-in-server.mjs: oidc-provider, ESM only, so
 * it runs as a child process and Jest never loads it) on a free loopback port, with one public client
 * whose redirect URIs are the app's callback on each local origin.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { GOOGLE_CALLBACK_PATH } from '../../functions/domain/google-sign-in';
import type { Emulator } from './emulators';

export interface GoogleStandIn extends Emulator {
  /** The issuer; its discovery document is `<issuer>/.well-known/openid-configuration`. */
  issuer: string;
  clientId: string;
}

export const GOOGLE_STAND_IN_CLIENT_ID = 'local-app';
const START_TIMEOUT_MS = 30_000;

export async function startGoogleStandIn(appOrigins: string[], appName: string): Promise<GoogleStandIn> {
  const settings = { clientId: GOOGLE_STAND_IN_CLIENT_ID, redirectUris: appOrigins.map((origin) => `${origin}${GOOGLE_CALLBACK_PATH}`), appName };
  const child = spawn(process.execPath, [join(__dirname, 'google-stand-in-server.mjs')], {
    env: { ...process.env, GOOGLE_STAND_IN: JSON.stringify(settings), NODE_ENV: 'development' },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    // Kept for the start-up error message only; oidc-provider also warns here about development settings.
    errors = (errors + chunk.toString('utf8')).slice(-10_000);
  });
  const issuer = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The local Google stand-in did not start within ${START_TIMEOUT_MS / 1000} s:\n${errors}`)), START_TIMEOUT_MS);
    child.once('message', (message: { type: 'ready'; issuer: string }) => {
      clearTimeout(timer);
      resolve(message.issuer);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The local Google stand-in exited (code ${code}) before it was ready:\n${errors}`));
    });
  });
  return { endpoint: issuer, issuer, clientId: GOOGLE_STAND_IN_CLIENT_ID, stop: () => stopChild(child) };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}
