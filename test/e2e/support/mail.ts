/**
 * The local outbox (infra/local/outbox.ts): one text file per e-mail under `<LOCAL_DATA_DIR>/mail/`,
 * `To: ...`, `Subject: ...`, a blank line, the body. The e2e config sets E2E_LOCAL_DATA_DIR for the server.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';

export interface Mail {
  file: string;
  to: string;
  subject: string;
  body: string;
}

function mailDir(): string {
  const dir = process.env.E2E_LOCAL_DATA_DIR;
  if (!dir) throw new Error('E2E_LOCAL_DATA_DIR is not set (see test/e2e/playwright.config.ts).');
  return join(dir, 'mail');
}

function parseMail(file: string, text: string): Mail {
  const [head = '', ...rest] = text.split(/\r?\n\r?\n/);
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1]?.trim() ?? '';
  return { file, to: header('To'), subject: header('Subject'), body: rest.join('\n\n').trim() };
}

/** Every e-mail sent to `to` so far, oldest first (file names start with an ISO time stamp). */
export function mailsTo(to: string): Mail[] {
  let files: string[];
  try {
    files = readdirSync(mailDir()).filter((name) => name.endsWith('.txt')).sort();
  } catch {
    return [];
  }
  return files
    .map((name) => parseMail(name, readFileSync(join(mailDir(), name), 'utf8')))
    .filter((mail) => mail.to.toLowerCase() === to.toLowerCase());
}

/** Waits for the newest e-mail to `to` whose subject matches, that was not among `seen` (file names). */
export async function waitForMail(to: string, subject: RegExp, seen: readonly string[] = []): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      () => {
        found = mailsTo(to)
          .filter((mail) => subject.test(mail.subject) && !seen.includes(mail.file))
          .at(-1);
        return found !== undefined;
      },
      { message: `an e-mail to ${to} with subject ${subject}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** The 6-digit code of a sign-up e-mail. */
export function codeIn(mail: Mail): string {
  const code = /\b(\d{6})\b/.exec(mail.body)?.[1];
  if (!code) throw new Error(`No 6-digit code in: ${mail.body}`);
  return code;
}

/** The reset link of a password-reset e-mail. */
export function resetLinkIn(mail: Mail): string {
  const link = /https?:\/\/\S+\/reset-password\/\S+/.exec(mail.body)?.[0];
  if (!link) throw new Error(`No reset link in: ${mail.body}`);
  return link;
}

export const VERIFICATION_SUBJECT = /verification code/i;
export const RESET_SUBJECT = /reset/i;
