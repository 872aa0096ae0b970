/**
 * Local e-mail: one readable text file per message under the mail folder, echoed to the console and
 * listed at /_local/mail. cognito-local's e-mails (codes and reset links) arrive here too (see
 * cognito-local-server.cjs).
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';

export interface MailMessage {
  to: string;
  subject: string;
  body: string;
}

export interface StoredMail extends MailMessage {
  date: string;
  file: string;
}

export interface Outbox {
  send(message: MailMessage): string;
  /** Every message, newest first. */
  list(): StoredMail[];
}

/** Reads one outbox file back: the header lines, a blank line, the body. */
export function parseMailFile(file: string, text: string): StoredMail {
  const [head = '', ...rest] = text.split('\n\n');
  const field = (name: string) => new RegExp(`^${name}: (.*)$`, 'm').exec(head)?.[1] ?? '';
  return { to: field('To'), subject: field('Subject'), date: field('Date'), body: rest.join('\n\n').trimEnd(), file };
}

export function createOutbox(mailDir: string, echo: (text: string) => void = console.log): Outbox {
  mkdirSync(mailDir, { recursive: true });
  return {
    send({ to, subject, body }) {
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = join(mailDir, `${stamp}-${randomUUID().slice(0, 8)}.txt`);
      const text = `To: ${to}\nSubject: ${subject}\nDate: ${new Date().toUTCString()}\n\n${body}\n`;
      writeFileSync(file, text, { mode: 0o600 });
      echo(`[mail] to ${to}: ${subject}\n${body}\n(${file}; all mail: /_local/mail)`);
      return file;
    },
    list() {
      return readdirSync(mailDir)
        .filter((name) => name.endsWith('.txt'))
        .sort()
        .reverse()
        .map((name) => parseMailFile(name, readFileSync(join(mailDir, name), 'utf8')));
    },
  };
}
