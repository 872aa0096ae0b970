import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOutbox, parseCognitoDelivery } from '../../infra/local/outbox';

const box = `[11:10:00.000] INFO: NONE NONE ╭──────────────────────────────────────────────╮
│                                              │
│   Confirmation Code Delivery                 │
│                                              │
│   Username:    0b1c-uuid                     │
│   Destination: ann@example.com               │
│   Code:        123456                        │
│                                              │
`;

describe('parseCognitoDelivery', () => {
  it("reads cognito-local's delivery box into a message holding the code", () => {
    const message = parseCognitoDelivery(box);
    expect(message).toEqual({ to: 'ann@example.com', subject: expect.any(String), body: expect.stringContaining('123456') });
  });

  it('ignores other output', () => {
    expect(parseCognitoDelivery('Cognito Local running on http://127.0.0.1:9229')).toBeNull();
  });
});

describe('createOutbox', () => {
  it('writes one readable file per message and echoes it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'outbox-'));
    const echoed: string[] = [];
    const file = createOutbox(dir, (line) => echoed.push(line)).send({ to: 'a@example.com', subject: 'Hello', body: 'Line one\nLine two' });
    expect(readFileSync(file, 'utf8')).toMatch(/^To: a@example\.com\nSubject: Hello\nDate: .+\n\nLine one\nLine two\n$/);
    expect(echoed).toEqual([expect.stringContaining('a@example.com')]);
  });
});
