/** Local speech engine: real-time factor and WER on a ~3 minute spoken fixture, one process and chunked in parallel. */
import { mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseTranscript } from '../../functions/domain/parse-transcript';
import { wordErrorRate } from '../../functions/domain/wer';
import { PocketsphinxSpeechEngine } from '../../functions/engines/speech/local-pocketsphinx';
import { makeSpokenFixtures, SPOKEN_SENTENCES } from '../fixtures/spoken';
import { atMost, info, round, type Figure } from './figures';

/** About three minutes of clear speech: the fixture sentences, many times over. */
const SENTENCES = Array.from({ length: 12 }, () => SPOKEN_SENTENCES).flat();

const transcriptText = (transcript: Parameters<typeof parseTranscript>[0]): string =>
  parseTranscript(transcript, { verbatim: true, diarization: false, includeTimestamps: false }).text;

export async function measureSpeech(): Promise<Figure[]> {
  const fixtures = await makeSpokenFixtures(mkdtempSync(join(tmpdir(), 'bench-speech-')), SENTENCES);
  const reference = SENTENCES.join(' ');
  const figures: Figure[] = [info('speech', 'fixture length (flite voice slt)', round(fixtures.seconds, 1), 's')];
  for (const [label, maxParallel] of [
    ['single process', 1],
    [`chunked, ${availableParallelism()} in parallel`, availableParallelism()],
  ] as const) {
    const engine = new PocketsphinxSpeechEngine({ fetchMedia: async () => undefined, maxParallel });
    const started = performance.now();
    const { transcript, chunks } = await engine.transcribeFile(fixtures.wav);
    const seconds = (performance.now() - started) / 1000;
    figures.push(
      atMost('speech', `real-time factor (${label}, ${chunks} chunks)`, round(seconds / fixtures.seconds), '×', 0.15),
      atMost('speech', `WER, voice slt (${label})`, round(wordErrorRate(reference, transcriptText(transcript))), '', 0.12),
    );
  }
  // The same text in flite's other clear voices: WER depends on the voice as much as on the engine.
  for (const voice of ['rms', 'awb']) {
    const other = await makeSpokenFixtures(mkdtempSync(join(tmpdir(), `bench-speech-${voice}-`)), SENTENCES, voice);
    const { transcript } = await new PocketsphinxSpeechEngine({ fetchMedia: async () => undefined }).transcribeFile(other.wav);
    figures.push(atMost('speech', `WER, voice ${voice} (chunked)`, round(wordErrorRate(reference, transcriptText(transcript))), '', 0.12));
  }
  return figures;
}
