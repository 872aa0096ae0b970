/**
 * `npm start`: runs the whole app on this machine, bound to 127.0.0.1, data under `.local/`.
 * Environment: PORT (default 3000), HOST (default 127.0.0.1), PUBLIC_URL, TRUSTED_PROXY, LOCAL_DATA_DIR (default .local),
 * LOCAL_MAIL_PAGE, LOCAL_GOOGLE_ACCOUNTS.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { z } from 'zod';
import { APP_COMMANDS } from './requirements.mjs';
import { DataDirInUseError } from './data-lock';
import { MAIL_PAGE_PATH } from './mail-page';
import { PortInUseError, startLocalStack, type LocalStack } from './stack';

const Env = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** The address to listen on; 127.0.0.1 by default (docs/local.md, "Running it for a team"). */
  HOST: z.union([z.ipv4(), z.ipv6()]).default('127.0.0.1'),
  /** The address people open when it is not this machine's, e.g. https://scribely.example.org behind a TLS proxy. */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The reverse proxy's address (e.g. 127.0.0.1): its requests count as from the address it puts last in X-Forwarded-For. */
  TRUSTED_PROXY: z.union([z.ipv4(), z.ipv6()]).optional(),
  LOCAL_DATA_DIR: z.string().min(1).default('.local'),
  /** 1: serve the outbox page at /_local/mail (to this machine only). */
  LOCAL_MAIL_PAGE: z.enum(['0', '1']).default('0'),
  /** Addresses "Continue with Google" may sign in locally, comma-separated (`*@example.com`: a domain); none by default. */
  LOCAL_GOOGLE_ACCOUNTS: z
    .string()
    .default('')
    .transform((list) => list.split(',').map((entry) => entry.trim()).filter(Boolean))
    .pipe(z.array(z.string().regex(/^(\*|[^\s@*]+)@[^\s@*]+\.[^\s@*]+$/, 'each entry is an e-mail address or *@domain'))),
});

function missingCommands(): string[] {
  return Object.entries(APP_COMMANDS as Record<string, string>)
    .filter(([command]) => {
      try {
        execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
        return false;
      } catch {
        return true;
      }
    })
    .map(([command, pkg]) => `${command} (Debian package ${pkg})`);
}

function exitWith(message: string): never {
  console.error(`\n${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  const env = Env.safeParse(process.env);
  if (!env.success) exitWith(`Invalid setting: ${env.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  const missing = missingCommands();
  if (missing.length > 0) exitWith(`Missing tools: ${missing.join(', ')}.\nRun \`npm start\` as root to install them, or: sudo apt-get install ${missing.map((item) => item.split('package ')[1]!.replace(')', '')).join(' ')}`);

  let stack: LocalStack;
  try {
    stack = await startLocalStack({
      port: env.data.PORT,
      host: env.data.HOST,
      ...(env.data.PUBLIC_URL ? { publicUrl: env.data.PUBLIC_URL } : {}),
      ...(env.data.TRUSTED_PROXY ? { trustedProxy: env.data.TRUSTED_PROXY } : {}),
      dataDir: env.data.LOCAL_DATA_DIR,
      mailPage: env.data.LOCAL_MAIL_PAGE === '1',
      googleAccounts: env.data.LOCAL_GOOGLE_ACCOUNTS,
      log: (line) => console.log(line),
      requestLog: (method, path, status, ms) => console.log(`${method} ${path} ${status} ${ms.toFixed(0)} ms`),
    });
  } catch (error) {
    if (error instanceof PortInUseError || error instanceof DataDirInUseError) exitWith(error.message);
    exitWith(`The local app could not start: ${(error as Error).message}`);
  }

  console.log(`\nThe app is running at ${env.data.PUBLIC_URL ?? stack.url}${env.data.HOST !== '127.0.0.1' || env.data.PUBLIC_URL ? ` (listening on ${env.data.HOST}:${env.data.PORT})` : ''}`);
  const mailPage = env.data.LOCAL_MAIL_PAGE === '1' ? `also at ${stack.url}${MAIL_PAGE_PATH}` : `LOCAL_MAIL_PAGE=1 also lists it at ${MAIL_PAGE_PATH}`;
  console.log(`Data: ${stack.dataDir}   Mail outbox: ${resolve(stack.mailDir)} (${mailPage})`);
  const { dynamodb, s3, cognito, sfn } = stack.endpoints;
  console.log(`Emulators: DynamoDB ${dynamodb}  S3 ${s3}  Cognito ${cognito}  Step Functions ${sfn}`);
  console.log('Press Ctrl-C to stop.\n');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping...`);
    await stack.stop();
    console.log('Stopped. Your data stays in', stack.dataDir);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

void main();
