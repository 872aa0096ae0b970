/**
 * Local e-mail: one readable text file per message under the mail folder, echoed to the console.
 * cognito-local's e-mails (codes and reset links) arrive here too (see cognito-local-server.cjs).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';

export interface MailMessage {
  to: string;
  subject: string;
  body: string;
}

export interface Outbox {
  send(message: MailMessage): string;
}

export function createOutbox(mailDir: string, echo: (text: string) => void = console.log): Outbox {
  mkdirSync(mailDir, { recursive: true });
  return {
    send({ to, subject, body }) {
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = join(mailDir, `${stamp}-${randomUUID().slice(0, 8)}.txt`);
      const text = `To: ${to}\nSubject: ${subject}\nDate: ${new Date().toUTCString()}\n\n${body}\n`;
      writeFileSync(file, text, { mode: 0o600 });
      echo(`[mail] to ${to}: ${subject} (${file})`);
      return file;
    },
  };
}
