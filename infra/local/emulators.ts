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

export async function startS3rver(dataDir: string, buckets: string[], corsOrigins: string[]): Promise<Emulator> {
  mkdirSync(dataDir, { recursive: true });
  const server = new S3rver({
    address: LOOPBACK,
    port: 0,
    silent: true,
    directory: dataDir,
    vhostBuckets: false,
    configureBuckets: buckets.map((name) => ({ name, configs: [corsXml(corsOrigins)] })),
  });
  const { port } = await server.run();
  return { endpoint: `http://${LOOPBACK}:${port}`, stop: () => server.close() };
}

export interface CognitoLocal extends Emulator {
  /** Every line cognito-local prints (its code deliveries are read from here). */
  onOutput(listener: (text: string) => void): void;
}

const COGNITO_READY = /Cognito Local running on https?:\/\/([\d.]+):(\d+)/;
const COGNITO_START_TIMEOUT_MS = 30_000;

/** cognito-local keeps its data in `./.cognito` of its working directory, so it runs as a child process there. */
export async function startCognitoLocal(workDir: string): Promise<CognitoLocal> {
  const configDir = join(workDir, '.cognito');
  mkdirSync(configDir, { recursive: true });
  writeFileSync(
    join(configDir, 'config.json'),
    JSON.stringify({ ServerConfig: { hostname: LOOPBACK, port: 0 }, TokenConfig: { IssuerDomain: `http://${LOOPBACK}` } }, null, 2),
  );
  const child = spawn(process.execPath, ['--require', join(__dirname, 'exit-with-parent.cjs'), require.resolve('cognito-local/lib/bin/start.js')], {
    cwd: workDir,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const listeners: ((text: string) => void)[] = [];
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`cognito-local did not start within ${COGNITO_START_TIMEOUT_MS / 1000} s:\n${output}`)), COGNITO_START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      const text = stripAnsi(chunk.toString('utf8'));
      output += text;
      const ready = COGNITO_READY.exec(output);
      if (ready) {
        clearTimeout(timer);
        resolve(Number(ready[2]));
      }
      listeners.forEach((listener) => listener(text));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`cognito-local exited (code ${code}) before it was ready:\n${output}`));
    });
  });
  return {
    endpoint: `http://${LOOPBACK}:${port}`,
    onOutput: (listener) => listeners.push(listener),
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

const stripAnsi = (text: string): string => text.replace(/\u001b\[[0-9;]*m/g, '');
