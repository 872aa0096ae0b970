/**
 * The local stand-ins for DynamoDB (dynalite), S3 (s3rver) and Cognito (cognito-local), bound to
 * 127.0.0.1 on free ports, with their data under the local data folder. Each runs supervised in its
 * own process (child-service.ts): a fault in one never ends the app, and one that dies is restarted, with
 * the same settings. Each answers only requests with the run's token (local-token.cjs).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startChildService } from './child-service';
import { STORAGE_CORS } from './storage-proxy';
import type { LocalAccess } from './local-token.cjs';
import type { MailMessage } from './outbox';

export const LOOPBACK = '127.0.0.1';

export interface Emulator {
  endpoint: string;
  stop(): Promise<void>;
}

/** An emulator in its own supervised process. */
export interface ChildEmulator extends Emulator {
  /** Its process id (a new one after a restart). */
  pid(): number | undefined;
}

type PortReady = { type: 'ready'; port: number };

/** Starts one of the emulator scripts with its settings as JSON in `variable`; restarts reuse the port. */
async function startEmulator(script: string, label: string, variable: string, settings: Record<string, unknown>): Promise<ChildEmulator> {
  const { ready, pid, stop } = await startChildService<PortReady>(join(__dirname, script), {
    label,
    env: { [variable]: JSON.stringify(settings) },
    restartEnv: (first) => ({ [variable]: JSON.stringify({ ...settings, port: first.port }) }),
  });
  return { endpoint: `http://${LOOPBACK}:${ready.port}`, pid, stop };
}

export async function startDynalite(dataDir: string, access: LocalAccess): Promise<ChildEmulator> {
  mkdirSync(dataDir, { recursive: true });
  return startEmulator('dynalite-server.cjs', 'The local DynamoDB (dynalite)', 'DYNALITE', { path: dataDir, ...access });
}

/** S3 CORS so the browser can PUT straight to presigned URLs from the app's origins. */
function corsXml(origins: string[]): string {
  const rules = origins
    .map(
      (origin) =>
        `<CORSRule><AllowedOrigin>${origin}</AllowedOrigin>${STORAGE_CORS.methods.map((method) => `<AllowedMethod>${method}</AllowedMethod>`).join('')}<AllowedHeader>*</AllowedHeader>` +
        `${STORAGE_CORS.exposeHeaders.map((header) => `<ExposeHeader>${header}</ExposeHeader>`).join('')}<MaxAgeSeconds>${STORAGE_CORS.maxAgeSeconds}</MaxAgeSeconds></CORSRule>`,
    )
    .join('');
  return `<CORSConfiguration>${rules}</CORSConfiguration>`;
}

/** s3rver answers only requests with the token (the storage proxy's, after its signature check). */
export async function startS3rver(dataDir: string, buckets: string[], corsOrigins: string[], access: LocalAccess, port = 0): Promise<ChildEmulator> {
  mkdirSync(dataDir, { recursive: true });
  const configureBuckets = buckets.map((name) => ({ name, configs: [corsXml(corsOrigins)] }));
  return startEmulator('s3rver-server.cjs', 'The local S3 (s3rver)', 'S3RVER', { directory: dataDir, port, buckets: configureBuckets, ...access });
}

export interface CognitoLocal extends ChildEmulator {
  /** Each e-mail cognito-local would send (codes, reset links), in the CustomMessage trigger's words. */
  onMail(listener: (mail: MailMessage) => void): void;
}

type MailSent = { type: 'mail' } & MailMessage;

/**
 * cognito-local keeps its data in `./.cognito` of its working directory, so it runs as a child process there.
 * It sends the token with its trigger calls too (the trigger endpoint asks for it).
 */
export async function startCognitoLocal(
  workDir: string,
  triggers: { lambdaEndpoint: string; functions: Record<string, string> },
  access: LocalAccess,
): Promise<CognitoLocal> {
  const configDir = join(workDir, '.cognito');
  mkdirSync(configDir, { recursive: true });
  const config = {
    ServerConfig: { hostname: LOOPBACK, port: 0 },
    TokenConfig: { IssuerDomain: `http://${LOOPBACK}` },
    LambdaClient: { endpoint: triggers.lambdaEndpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } },
    TriggerFunctions: triggers.functions,
  };
  const writeConfig = (port: number) => writeFileSync(join(configDir, 'config.json'), JSON.stringify({ ...config, ServerConfig: { ...config.ServerConfig, port } }, null, 2));
  writeConfig(0);
  const listeners: ((mail: MailMessage) => void)[] = [];
  const { ready, pid, stop } = await startChildService<PortReady>(join(__dirname, 'cognito-local-server.cjs'), {
    label: 'cognito-local',
    cwd: workDir,
    showOutput: true,
    // In the environment, not the config file: the token is for this run only, and kept out of the data folder.
    env: { AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1', COGNITO_LOCAL_ACCESS: JSON.stringify(access) },
    onMessage: (message) => {
      const { to, subject, body } = message as MailSent;
      listeners.forEach((listener) => listener({ to, subject, body }));
    },
    // cognito-local reads its port from its config file: a restart gets the port it had (and `env`, the token).
    restartEnv: (first) => {
      writeConfig(first.port);
      return {};
    },
  });
  return { endpoint: `http://${LOOPBACK}:${ready.port}`, onMail: (listener) => listeners.push(listener), pid, stop };
}

