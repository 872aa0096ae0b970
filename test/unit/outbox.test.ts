import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOutbox } from '../../infra/local/outbox';

describe('createOutbox', () => {
  it('writes one readable file per message and echoes it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'outbox-'));
    const echoed: string[] = [];
    const file = createOutbox(dir, (line) => echoed.push(line)).send({ to: 'a@example.com', subject: 'Hello', body: 'Line one\nLine two' });
    expect(readFileSync(file, 'utf8')).toMatch(/^To: a@example\.com\nSubject: Hello\nDate: .+\n\nLine one\nLine two\n$/);
    expect(echoed).toEqual([expect.stringContaining('a@example.com')]);
  });
});

describe('the outbox page', () => {
  it('lists what was sent, newest first, as text: markup in a message is shown, not run; only local links are links', async () => {
    const { renderMailPage } = await import('../../infra/local/mail-page');
    const dir = mkdtempSync(join(tmpdir(), 'outbox-'));
    const outbox = createOutbox(dir, () => undefined);
    outbox.send({ to: 'a@example.com', subject: 'First', body: 'Code 123456' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    outbox.send({ to: 'b@example.com', subject: '<script>alert(1)</script>', body: 'Open http://127.0.0.1:3000/reset-password/abc.123456 or https://evil.example/x' });
    const mails = outbox.list();
    expect(mails.map((mail) => mail.to)).toEqual(['b@example.com', 'a@example.com']);
    expect(mails[1]).toMatchObject({ subject: 'First', body: 'Code 123456', date: expect.stringMatching(/GMT$/) });
    const html = renderMailPage(mails);
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<a href="http://127.0.0.1:3000/reset-password/abc.123456">');
    expect(html).not.toContain('<a href="https://evil.example');
  });
});
