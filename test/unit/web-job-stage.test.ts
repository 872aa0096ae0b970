/** Issue 15: an unfinished transcription in words and as one bar over the whole job. */
import { PROGRESS_TEXTS } from '../../web/src/transcript/texts';
import { overallProgress, stageText } from '../../web/src/transcript/stage';

const P = PROGRESS_TEXTS;

describe('stageText', () => {
  it('says each stage in words, with the place in line and the share done when known', () => {
    expect(stageText({ stage: 'uploaded' })).toBe(P.uploaded);
    expect(stageText({ stage: 'queued', queue_position: null })).toBe(P.queued);
    expect(stageText({ stage: 'queued', queue_position: 1 })).toBe('Waiting: next in line');
    expect(stageText({ stage: 'queued', queue_position: 2 })).toBe('Waiting: 1 recording ahead in line');
    expect(stageText({ stage: 'queued', queue_position: 4 })).toBe('Waiting: 3 recordings ahead in line');
    expect(stageText({ stage: 'transcribing', progress: null })).toBe(P.transcribing);
    expect(stageText({ stage: 'transcribing', progress: 0.426 })).toBe('Transcribing: 42% done');
    expect(stageText({ stage: 'summarizing' })).toBe(P.summarizing);
  });

  it('an answer without a stage (an older server, a hand-made answer) reads as uploaded', () => {
    expect(stageText({})).toBe(P.uploaded);
    expect(stageText({ stage: null })).toBe(P.uploaded);
  });
});

describe('overallProgress', () => {
  it('moves forward stage by stage, recognition filling most of the bar in step with its progress', () => {
    const steps = [
      overallProgress({ stage: 'uploaded' }),
      overallProgress({ stage: 'queued', queue_position: 3 }),
      overallProgress({ stage: 'transcribing', progress: null }),
      overallProgress({ stage: 'transcribing', progress: 0.5 }),
      overallProgress({ stage: 'transcribing', progress: 1 }),
      overallProgress({ stage: 'summarizing' }),
    ];
    steps.forEach((value, index) => {
      expect(value).toBeGreaterThan(0);
      expect(value).toBeLessThan(1);
      if (index > 0) expect(value).toBeGreaterThan(steps[index - 1]!);
    });
    expect(overallProgress({ stage: 'transcribing', progress: 0.5 })).toBeCloseTo(0.5);
  });
});
