/** Issue 15, live progress: what the API shows of a job's stage, and which updates the workflow writes. */
import { fairLimit } from '../../functions/domain/concurrency';
import { jobProgress, PROGRESS_WRITE_MS, worthRecording } from '../../functions/domain/job-progress';
import { listItemView, type TranscriptRecord } from '../../functions/domain/transcript-view';

describe('jobProgress', () => {
  it('shows nothing once the job has ended, whatever was stored', () => {
    for (const status of ['complete', 'failed'] as const) {
      expect(jobProgress(status, { stage: 'transcribing', progress: 0.5, queuePosition: 3 })).toEqual({ stage: null, progress: null, queue_position: null });
    }
  });

  it('a job stored before stages existed is "uploaded"', () => {
    expect(jobProgress('processing', {})).toEqual({ stage: 'uploaded', progress: null, queue_position: null });
  });

  it('the place in line only while queued, and only when known (0 is not known)', () => {
    expect(jobProgress('processing', { stage: 'queued', queuePosition: 2, progress: 0 })).toEqual({ stage: 'queued', progress: null, queue_position: 2 });
    expect(jobProgress('processing', { stage: 'queued', queuePosition: 0 })).toEqual({ stage: 'queued', progress: null, queue_position: null });
    expect(jobProgress('processing', { stage: 'transcribing', queuePosition: 2, progress: 0.25 })).toEqual({ stage: 'transcribing', progress: 0.25, queue_position: null });
  });

  it('progress only while transcribing, above 0 and at most 1', () => {
    expect(jobProgress('processing', { stage: 'transcribing', progress: 0 }).progress).toBeNull();
    expect(jobProgress('processing', { stage: 'transcribing', progress: 1.2 }).progress).toBe(1);
    expect(jobProgress('processing', { stage: 'transcribing', progress: Number.NaN }).progress).toBeNull();
    expect(jobProgress('processing', { stage: 'summarizing', progress: 1 })).toEqual({ stage: 'summarizing', progress: null, queue_position: null });
  });

  it('a job processing for longer than any engine takes shows as failed, without a stage; a retry counts from its own start', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    const record: TranscriptRecord = {
      transcriptId: 't1', filename: 'a.wav', mediaExtension: 'wav', language: 'en', tags: [], status: 'processing', topic: '', summary: '', preview: '',
      createdAt: '2026-11-22T00:00:00.000Z', state: 'active', stage: 'queued', queuePosition: 1,
    };
    expect(listItemView(record, now)).toMatchObject({ status: 'failed', stage: null, queue_position: null });
    expect(listItemView({ ...record, startedAt: '2026-11-23T11:59:00.000Z' }, now)).toMatchObject({ status: 'processing', stage: 'queued', queue_position: 1 });
  });
});

describe('worthRecording', () => {
  const at = 1_000_000;
  it('writes the first update, a new stage and a new place in line at once', () => {
    expect(worthRecording(undefined, { stage: 'queued', queuePosition: 2 }, at)).toBe(true);
    expect(worthRecording({ stage: 'queued', queuePosition: 2, at }, { stage: 'queued', queuePosition: 1 }, at + 1)).toBe(true);
    expect(worthRecording({ stage: 'queued', queuePosition: 1, at }, { stage: 'transcribing', progress: 0 }, at + 1)).toBe(true);
    expect(worthRecording({ stage: 'queued', queuePosition: 1, at }, { stage: 'queued', queuePosition: 1 }, at + 10_000)).toBe(false);
  });

  it('writes progress alone at most every PROGRESS_WRITE_MS, the end at once, and never backwards', () => {
    const last = { stage: 'transcribing' as const, progress: 0.2, at };
    expect(worthRecording(last, { stage: 'transcribing', progress: 0.3 }, at + PROGRESS_WRITE_MS - 1)).toBe(false);
    expect(worthRecording(last, { stage: 'transcribing', progress: 0.3 }, at + PROGRESS_WRITE_MS)).toBe(true);
    expect(worthRecording(last, { stage: 'transcribing', progress: 1 }, at + 1)).toBe(true);
    expect(worthRecording(last, { stage: 'transcribing', progress: 0.1 }, at + 60_000)).toBe(false);
  });
});

describe('fairLimit: places in line (queue_position)', () => {
  it('tells each waiting task its place in the round-robin order whenever it changes', async () => {
    const fair = fairLimit(1);
    const positions: Record<string, number[]> = {};
    const gates: (() => void)[] = [];
    const run = (key: string, name: string) =>
      fair(key, () => new Promise<void>((resolve) => gates.push(resolve)), (position) => (positions[name] ??= []).push(position));
    const done = [run('alice', 'a1'), run('alice', 'a2'), run('alice', 'a3'), run('bob', 'b1')];
    // a1 runs; the line is b1, a2, a3 (bob, who has nothing running, comes before alice's next).
    expect(positions).toEqual({ a2: [1, 2], a3: [2, 3], b1: [1] });
    for (let step = 0; step < 4; step++) {
      await new Promise((resolve) => setImmediate(resolve));
      gates.shift()!();
    }
    await Promise.all(done);
    expect(positions).toEqual({ a2: [1, 2, 1], a3: [2, 3, 2, 1], b1: [1] });
  });
});
