/**
 * Diarization error rate (DER) of speaker turns against reference turns, as the NIST scoring does it:
 * (missed speech + false alarm + speaker confusion) / reference speech, with a collar around every
 * reference boundary left unscored and hypothesis labels mapped one-to-one to reference speakers so that
 * they agree the most. Reference turns may overlap. Measured on a 10 ms grid. Shared by tests and the benchmark.
 */

export interface SpeakerTurn {
  speaker: string;
  /** Seconds. */
  start: number;
  end: number;
}

const STEP = 0.01;

export interface DiarizationError {
  der: number;
  /** Shares of the scored reference speech. */
  missed: number;
  falseAlarm: number;
  confusion: number;
}

/** DER with `collar` seconds either side of each reference turn's start and end left out (0.25 is the usual). */
export function diarizationError(reference: readonly SpeakerTurn[], hypothesis: readonly SpeakerTurn[], collar = 0.25): DiarizationError {
  const end = Math.max(0, ...reference.map((turn) => turn.end), ...hypothesis.map((turn) => turn.end));
  const frames = Math.ceil(end / STEP);
  const scored = new Uint8Array(frames).fill(1);
  for (const turn of reference) for (const edge of [turn.start, turn.end]) for (let frame = Math.max(0, Math.floor((edge - collar) / STEP)); frame < Math.min(frames, Math.ceil((edge + collar) / STEP)); frame += 1) scored[frame] = 0;
  const referenceSpeakers = [...new Set(reference.map((turn) => turn.speaker))];
  const hypothesisSpeakers = [...new Set(hypothesis.map((turn) => turn.speaker))];
  const active = (turns: readonly SpeakerTurn[], speakers: string[]) => Array.from({ length: frames }, (_, frame) => {
    const time = (frame + 0.5) * STEP;
    return [...new Set(turns.filter((turn) => turn.start <= time && time < turn.end).map((turn) => speakers.indexOf(turn.speaker)))];
  });
  const referenceFrames = active(reference, referenceSpeakers);
  const hypothesisFrames = active(hypothesis, hypothesisSpeakers);
  // Frames each reference speaker shares with each hypothesis label.
  const together = referenceSpeakers.map(() => hypothesisSpeakers.map(() => 0));
  for (let frame = 0; frame < frames; frame += 1) if (scored[frame]) for (const r of referenceFrames[frame]!) for (const h of hypothesisFrames[frame]!) together[r]![h]! += 1;
  const mapping = bestMapping(together);
  let speech = 0;
  let missed = 0;
  let falseAlarm = 0;
  let confusion = 0;
  for (let frame = 0; frame < frames; frame += 1) {
    if (!scored[frame]) continue;
    const truth = referenceFrames[frame]!;
    const found = hypothesisFrames[frame]!;
    const right = truth.filter((r) => mapping[r] !== undefined && found.includes(mapping[r]!)).length;
    speech += truth.length;
    missed += Math.max(0, truth.length - found.length);
    falseAlarm += Math.max(0, found.length - truth.length);
    confusion += Math.min(truth.length, found.length) - right;
  }
  const share = (value: number) => (speech === 0 ? 0 : value / speech);
  return { der: share(missed + falseAlarm + confusion), missed: share(missed), falseAlarm: share(falseAlarm), confusion: share(confusion) };
}

/** Each reference speaker's hypothesis label (or none), distinct, maximising the frames they share: exhaustive, for the few speakers of a recording. */
function bestMapping(together: readonly number[][]): (number | undefined)[] {
  let best: { mapping: (number | undefined)[]; score: number } = { mapping: [], score: -1 };
  const labels = together[0]?.length ?? 0;
  const visit = (speaker: number, mapping: (number | undefined)[], score: number): void => {
    if (speaker === together.length) {
      if (score > best.score) best = { mapping: [...mapping], score };
      return;
    }
    for (const label of [undefined, ...Array.from({ length: labels }, (_, index) => index)]) {
      if (label !== undefined && mapping.includes(label)) continue;
      visit(speaker + 1, [...mapping, label], score + (label === undefined ? 0 : together[speaker]![label]!));
    }
  };
  visit(0, [], 0);
  return best.mapping;
}
