/**
 * End-to-end tests: Debian's Chromium (never a downloaded browser) against the local app
 * (`infra/local/main.ts`), which serves the built web app (web/dist) and the API on one port.
 * `npm test` builds web/dist first; run `npm run build:web` before `npm run test:e2e` on its own.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';

// E2E_PORT lets two runs (two people, or CI beside a developer) share the machine.
const PORT = Number(process.env.E2E_PORT ?? 3107);
const BASE_URL = `http://127.0.0.1:${PORT}`;
/** What a browser adds to its own POST, PUT and DELETE: API calls made with `page.request` send it too (the app refuses the session cookie without it). */
export const FROM_SITE = { origin: BASE_URL } as const;
const ROOT = resolve(__dirname, '../..');

/** Debian Chromium's switches for every test; a spec that needs more (the fake microphone) adds to them. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

// A fresh data folder per run. Set once in the runner process; workers inherit it instead of making their own.
process.env.E2E_LOCAL_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'transcribe-e2e-'));

export default defineConfig({
  testDir: __dirname,
  testMatch: '**/*.spec.ts',
  outputDir: join(ROOT, 'test-results'),
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: 'npx tsx infra/local/main.ts',
    cwd: ROOT,
    url: BASE_URL,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      // The tests' Google sign-ins use example.com addresses.
      LOCAL_GOOGLE_ACCOUNTS: '*@example.com',
      LOCAL_DATA_DIR: process.env.E2E_LOCAL_DATA_DIR,
      // Every test signs up from this one machine: the per-client mail and sign-up limits would stop the run part-way.
      MAIL_LIMIT_PER_CLIENT_HOUR: '100000',
      SIGNUP_LIMIT_PER_ADDRESS: '100000',
    },
  },
});
