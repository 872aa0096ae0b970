/**
 * The local stand-ins for DynamoDB (dynalite), S3 (s3rver) and Cognito (cognito-local), bound to
 * 127.0.0.1 on free ports, with their data under the local data folder.
 */
import { once } from 'node:events';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import dynalite from 'dynalite';
import S3rver from 's3rver';
import { startChildService } from './child-service';
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

type MailSent = { type: 'mail' } & MailMessage;

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
  const listeners: ((mail: MailMessage) => void)[] = [];
  const { ready, stop } = await startChildService<{ type: 'ready'; port: number }>(join(__dirname, 'cognito-local-server.cjs'), {
    label: 'cognito-local',
    cwd: workDir,
    showOutput: true,
    env: { AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1' },
    onMessage: (message) => {
      const { to, subject, body } = message as MailSent;
      listeners.forEach((listener) => listener({ to, subject, body }));
    },
  });
  return { endpoint: `http://${LOOPBACK}:${ready.port}`, onMail: (listener) => listeners.push(listener), stop };
}

