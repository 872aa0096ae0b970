import { diarizationError, type SpeakerTurn } from '../../functions/domain/diarization-error';

const turn = (speaker: string, start: number, end: number): SpeakerTurn => ({ speaker, start, end });
const reference = [turn('ann', 0, 10), turn('bob', 10, 20)];

describe('diarizationError', () => {
  it('is 0 when the turns agree, whatever the labels are called', () => {
    expect(diarizationError(reference, [turn('spk_1', 0, 10), turn('spk_0', 10, 20)]).der).toBeCloseTo(0, 5);
  });

  it('counts confusion, missed speech and false alarms over the scored reference speech, outside a collar at each boundary', () => {
    // Scored reference speech: 20 s less the collars at 0, 10 (both turns' edges) and 20: 0.25 + 0.5 + 0.25 = 1 s → 19 s.
    // spk_0 takes Ann's turn and Bob's first 3 s (10.25–13 scored: 2.75 s of confusion); 15–16 is missed; 20–22 is a false alarm.
    const found = [turn('spk_0', 0, 13), turn('spk_1', 13, 15), turn('spk_1', 16, 22)];
    const error = diarizationError(reference, found);
    expect(error.confusion).toBeCloseTo(2.75 / 19, 2);
    expect(error.missed).toBeCloseTo(1 / 19, 2);
    expect(error.falseAlarm).toBeCloseTo(1.75 / 19, 2);
    expect(error.der).toBeCloseTo(5.5 / 19, 2);
  });

  it('maps labels one to one: one label for two speakers confuses the second', () => {
    const error = diarizationError(reference, [turn('spk_0', 0, 20)], 0);
    expect(error.confusion).toBeCloseTo(0.5, 2);
    expect(error.der).toBeCloseTo(0.5, 2);
  });

  it('scores overlapping reference speech per speaker', () => {
    const overlapping = [turn('ann', 0, 10), turn('bob', 5, 10)];
    // Both speak 5–10: one label there finds one of two speakers.
    expect(diarizationError(overlapping, [turn('x', 0, 10)], 0).der).toBeCloseTo(5 / 15, 2);
  });
});
