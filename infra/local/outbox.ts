/**
 * Local e-mail: one readable text file per message under the mail folder, echoed to the console.
 * cognito-local prints its code deliveries in a box; those are turned into outbox messages too.
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

const FIELD = (name: string) => new RegExp(`${name}:\\s*(.+?)\\s*│?\\s*$`, 'm');

/**
 * Reads one "Confirmation Code Delivery" box of cognito-local's console sender into a message.
 * Returns null for any other output.
 */
export function parseCognitoDelivery(text: string): MailMessage | null {
  if (!text.includes('Confirmation Code Delivery')) return null;
  const field = (name: string) => FIELD(name).exec(text)?.[1]?.trim();
  const to = field('Destination');
  const code = field('Code');
  if (!to || !code) return null;
  const subject = field('Email Subject') ?? 'Your verification code';
  const body = field('Email Message') ?? `Your verification code is ${code}.`;
  return { to, subject, body: body.includes(code) ? body : `${body}\n\nCode: ${code}` };
}
