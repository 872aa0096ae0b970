/** Timed words → Amazon Transcribe's result JSON, the shape ParseTranscript reads from either engine. */
import type { TranscribeJson } from '../../domain/transcribe-json';
import type { TimedWord } from './word-timing';

export interface LabelledWord extends TimedWord {
  /** 'spk_0', 'spk_1', ... when speakers were identified. */
  speaker?: string;
}

const seconds = (value: number): string => value.toFixed(3);

/** Each piece's words in order; a piece that the model left without final punctuation ends a sentence (it ended at a pause). */
export function toTranscribeJson(jobName: string, pieces: readonly LabelledWord[][], speakerCount?: number): TranscribeJson {
  const items: TranscribeJson['results']['items'] = [];
  const texts: string[] = [];
  for (const piece of pieces) {
    piece.forEach((word, index) => {
      const speaker = word.speaker ? { speaker_label: word.speaker } : {};
      items.push({ type: 'pronunciation', start_time: seconds(word.start), end_time: seconds(word.end), alternatives: [{ content: word.word }], ...speaker });
      const punctuation = word.punctuation ?? (index === piece.length - 1 ? '.' : undefined);
      if (punctuation) items.push({ type: 'punctuation', alternatives: [{ content: punctuation }], ...speaker });
      texts.push(`${word.word}${punctuation ?? ''}`);
    });
  }
  const results: TranscribeJson['results'] = { transcripts: [{ transcript: texts.join(' ') }], items };
  if (speakerCount !== undefined) results.speaker_labels = { speakers: speakerCount, segments: speakerSegments(pieces.flat()) };
  return { jobName, status: 'COMPLETED', results };
}

/** Runs of consecutive words by the same speaker, as Transcribe's speaker_labels.segments. */
function speakerSegments(words: readonly LabelledWord[]): NonNullable<TranscribeJson['results']['speaker_labels']>['segments'] {
  const segments: NonNullable<TranscribeJson['results']['speaker_labels']>['segments'] = [];
  for (const word of words) {
    if (!word.speaker) continue;
    const item = { start_time: seconds(word.start), end_time: seconds(word.end), speaker_label: word.speaker };
    const last = segments.at(-1);
    if (last?.speaker_label === word.speaker) {
      last.end_time = item.end_time;
      last.items.push(item);
    } else segments.push({ ...item, items: [item] });
  }
  return segments;
}
