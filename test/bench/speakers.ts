/**
 * Local speaker identification on conversations of real voices (test/fixtures/conversations.ts): per clip the
 * share of words with the right speaker, DER with a 250 ms collar, and speakers found against the truth. The
 * thresholds of speakers.ts were chosen on the tuning half only; the held-out half and the real AMI meeting
 * measure it on voices it was never tuned on. Also the engine's real-time factor with speakers on, and the
 * cost of the speaker step alone.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { diarizationError, type SpeakerTurn } from '../../functions/domain/diarization-error';
import { MoonshineSpeechEngine } from '../../functions/engines/speech/local-moonshine';
import { LocalRecognizer } from '../../functions/engines/speech/recognition';
import { blockSpeakers, speakerWindows } from '../../functions/engines/speech/speakers';
import { conversationPlans, CONVERSATIONS_DIR, fixtureTurns, joinConversation } from '../fixtures/conversations';
import { readSamples } from '../fixtures/real-speech';
import { speakerTurns, wordsRightByTurns } from '../fixtures/speech-measures';
import { atLeast, atMost, info, round, type Figure } from './figures';

interface Conversation {
  name: string;
  half: 'tuning' | 'held-out';
  path: string;
  turns: SpeakerTurn[];
}

function conversations(dir: string): Conversation[] {
  const joined = (['tuning', 'held-out'] as const).flatMap((half) =>
    conversationPlans(half).map((plan) => {
      const path = join(dir, `${plan.name}.wav`);
      return { name: plan.name, half, path, turns: joinConversation(path, plan) };
    }),
  );
  const meeting = 'dev_real_meeting_ami_4spk';
  return [...joined, { name: 'real AMI meeting, overlapping speech', half: 'held-out', path: join(CONVERSATIONS_DIR, `${meeting}.wav`), turns: fixtureTurns(meeting) }];
}

export async function measureSpeakers(): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-speakers-'));
  // In this process, so the model loads once and the real-time factor is the jobs' own.
  const engine = new MoonshineSpeechEngine({ fetchMedia: async () => undefined, recognizer: new LocalRecognizer() });
  await engine.transcribeFile(join(CONVERSATIONS_DIR, 'speakers/arctic_axb.wav'));
  const figures: Figure[] = [];
  let seconds = 0;
  let busy = 0;
  for (const conversation of conversations(dir)) {
    const started = performance.now();
    const { transcript, audioSeconds } = await engine.transcribeFile(conversation.path, { language: 'en', diarization: true });
    busy += (performance.now() - started) / 1000;
    seconds += audioSeconds;
    const speakers = new Set(conversation.turns.map((turn) => turn.speaker)).size;
    const found = transcript.results.speaker_labels?.speakers ?? 0;
    const label = `${conversation.half}: ${conversation.name}`;
    const right = round(wordsRightByTurns(transcript, conversation.turns));
    const offBy = atMost('speakers', `${label}: speakers found, off the true ${speakers} by`, Math.abs(found - speakers), '', 1);
    if (speakers === 1) {
      figures.push(offBy);
      continue;
    }
    figures.push(
      conversation.name.startsWith('real') ? info('speakers', `${label}: words with the right speaker`, right, '') : atLeast('speakers', `${label}: words with the right speaker`, right, '', speakers === 2 ? 0.9 : 0.8),
      info('speakers', `${label}: DER (250 ms collar)`, round(diarizationError(conversation.turns, speakerTurns(transcript)).der), ''),
      offBy,
    );
  }
  figures.push(
    info('speakers', 'conversations, all', round(seconds, 1), 's'),
    atMost('speakers', 'real-time factor with speakers on (model loaded)', round(busy / seconds), '×', 0.1),
    info('speakers', 'the speaker step alone, per second of audio (features, clustering, re-segmentation)', round(speakerStepSeconds(join(dir, 'tuning-4-short.wav')), 4), 's'),
  );
  return figures;
}

/** The speaker step on a whole recording as one span of speech, per second of it. */
function speakerStepSeconds(path: string): number {
  const samples = Float32Array.from(readSamples(path), (sample) => sample / 32_768);
  const span = { start: 0, end: samples.length / 16_000 };
  const started = performance.now();
  blockSpeakers(speakerWindows(samples, span), { maxSpeakers: 10 });
  return (performance.now() - started) / 1000 / span.end;
}
