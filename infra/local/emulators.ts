/**
 * The local stand-ins for DynamoDB (dynalite), S3 (s3rver) and Cognito (cognito-local), bound to
 * 127.0.0.1 on free ports, with their data under the local data folder.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import dynalite from 'dynalite';
import S3rver from 's3rver';
import type { MailMessage } from './outbox';

export const LOOPBACK = '127.0.0.1';

export interface Emulator {
  endpoint: string;
  stop(): Promise<void>;
}

async function listen(server: Server, port = 0): Promise<number> {
  server.listen(port, LOOPBACK);
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
}

export async function startDynalite(dataDir: string): Promise<Emulator> {
  mkdirSync(dataDir, { recursive: true });
  const server = dynalite({ path: dataDir, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  const port = await listen(server);
  return {
    endpoint: `http://${LOOPBACK}:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** S3 CORS so the browser can PUT straight to presigned URLs from the app's origins. */
function corsXml(origins: string[]): string {
  const rules = origins
    .map(
      (origin) => `<CORSRule><AllowedOrigin>${origin}</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule>`,
    )
    .join('');
  return `<CORSConfiguration>${rules}</CORSConfiguration>`;
}

export async function startS3rver(dataDir: string, buckets: string[], corsOrigins: string[], port = 0): Promise<Emulator> {
  mkdirSync(dataDir, { recursive: true });
  const server = new S3rver({
    address: LOOPBACK,
    port,
    silent: true,
    directory: dataDir,
    vhostBuckets: false,
    configureBuckets: buckets.map((name) => ({ name, configs: [corsXml(corsOrigins)] })),
  });
  const address = await server.run();
  return { endpoint: `http://${LOOPBACK}:${address.port}`, stop: () => server.close() };
}

export interface CognitoLocal extends Emulator {
  /** Each e-mail cognito-local would send (codes, reset links), in the CustomMessage trigger's words. */
  onMail(listener: (mail: MailMessage) => void): void;
}

const COGNITO_START_TIMEOUT_MS = 30_000;

type ChildMessage = { type: 'ready'; port: number } | ({ type: 'mail' } & MailMessage);

/** cognito-local keeps its data in `./.cognito` of its working directory, so it runs as a child process there. */
export async function startCognitoLocal(
  workDir: string,
  triggers: { lambdaEndpoint: string; functions: Record<string, string> },
): Promise<CognitoLocal> {
  const configDir = join(workDir, '.cognito');
  mkdirSync(configDir, { recursive: true });
  const config = {
    ServerConfig: { hostname: LOOPBACK, port: 0 },
    TokenConfig: { IssuerDomain: `http://${LOOPBACK}` },
    LambdaClient: { endpoint: triggers.lambdaEndpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } },
    TriggerFunctions: triggers.functions,
  };
  writeFileSync(join(configDir, 'config.json'), JSON.stringify(config, null, 2));
  const child = spawn(process.execPath, [join(__dirname, 'cognito-local-server.cjs')], {
    cwd: workDir,
    env: { ...process.env, AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1' },
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
  });
  const listeners: ((mail: MailMessage) => void)[] = [];
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`cognito-local did not start within ${COGNITO_START_TIMEOUT_MS / 1000} s:\n${errors}`)), COGNITO_START_TIMEOUT_MS);
    child.on('message', (message: ChildMessage) => {
      if (message.type === 'ready') {
        clearTimeout(timer);
        resolve(message.port);
      } else {
        const { to, subject, body } = message;
        listeners.forEach((listener) => listener({ to, subject, body }));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`cognito-local exited (code ${code}) before it was ready:\n${errors}`));
    });
  });
  return {
    endpoint: `http://${LOOPBACK}:${port}`,
    onMail: (listener) => listeners.push(listener),
    stop: () => stopChild(child),
  };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

