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
