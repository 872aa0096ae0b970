/** Whether speech was in the language it was recognised as, from the decoder's figures (functions/domain/language-check.ts). */
import { ConfidenceTally, isLanguageMismatch, isTranscribeLanguageMismatch, mostConfident } from '../../functions/domain/language-check';
import { parseTranscribeJson, transcribeConfidence } from '../../functions/domain/transcribe-json';

/** Figures measured by the bench (rounded): English heard by the English model, Spanish heard by it. */
const ENGLISH = { tokens: 157, meanLogProb: -0.06, lowShare: 0.01 };
const AN_ORATOR = { tokens: 26, meanLogProb: -0.21, lowShare: 0.15 };
const A_MEETING = { tokens: 86, meanLogProb: -0.45, lowShare: 0.28 };
const SPANISH_AS_ENGLISH = { tokens: 210, meanLogProb: -1.16, lowShare: 0.67 };

describe('isLanguageMismatch', () => {
  it('flags speech the decoder was unsure of, and not speech it was sure of', () => {
    expect(isLanguageMismatch(SPANISH_AS_ENGLISH)).toBe(true);
    expect(isLanguageMismatch(ENGLISH)).toBe(false);
    expect(isLanguageMismatch(AN_ORATOR)).toBe(false);
    expect(isLanguageMismatch(A_MEETING)).toBe(false);
    // Either sign alone is enough: a low mean, or many toss-ups.
    expect(isLanguageMismatch({ tokens: 100, meanLogProb: -0.8, lowShare: 0.2 })).toBe(true);
    expect(isLanguageMismatch({ tokens: 100, meanLogProb: -0.4, lowShare: 0.5 })).toBe(true);
  });

  it('says nothing of a word or two', () => {
    expect(isLanguageMismatch({ tokens: 3, meanLogProb: -2, lowShare: 1 })).toBe(false);
    expect(isLanguageMismatch({ tokens: 0, meanLogProb: 0, lowShare: 0 })).toBe(false);
  });

  it('flags speech another installed model was surer of over the same first speech, or heard words in where the chosen one heard none', () => {
    // English sent as Spanish: the Spanish model fairly sure of its fiction, the English one surer.
    const spanishOfEnglish = { tokens: 80, meanLogProb: -0.45, lowShare: 0.22 };
    expect(isLanguageMismatch(spanishOfEnglish, { chosen: spanishOfEnglish, others: [{ tokens: 70, meanLogProb: -0.06, lowShare: 0.01 }] })).toBe(true);
    expect(isLanguageMismatch(spanishOfEnglish, { chosen: spanishOfEnglish, others: [{ tokens: 70, meanLogProb: -0.42, lowShare: 0.2 }] })).toBe(false);
    const nothing = { tokens: 0, meanLogProb: 0, lowShare: 0 };
    expect(isLanguageMismatch(nothing, { chosen: nothing, others: [ENGLISH] })).toBe(true);
    // A model unsure of what it heard is no yardstick, and silence is no mismatch.
    expect(isLanguageMismatch(ENGLISH, { chosen: ENGLISH, others: [SPANISH_AS_ENGLISH] })).toBe(false);
    expect(isLanguageMismatch(nothing, { chosen: nothing, others: [nothing] })).toBe(false);
  });
});

describe('mostConfident and ConfidenceTally', () => {
  it('picks the surest decoder; one that heard nothing never wins', () => {
    const candidates = [
      { language: 'en', confidence: SPANISH_AS_ENGLISH },
      { language: 'es', confidence: { tokens: 200, meanLogProb: -0.1, lowShare: 0.03 } },
      { language: 'fr', confidence: { tokens: 0, meanLogProb: 0, lowShare: 0 } },
    ];
    expect(mostConfident(candidates).language).toBe('es');
    expect(mostConfident(candidates.slice(2)).language).toBe('fr');
  });

  it('adds up token log-probabilities window by window', () => {
    const tally = new ConfidenceTally();
    tally.add([Math.log(0.9), Math.log(0.2)]);
    tally.add([Math.log(0.8), Math.log(0.4)]);
    const figures = tally.figures();
    expect(figures.tokens).toBe(4);
    expect(figures.meanLogProb).toBeCloseTo((Math.log(0.9) + Math.log(0.2) + Math.log(0.8) + Math.log(0.4)) / 4);
    expect(figures.lowShare).toBe(0.5);
    expect(new ConfidenceTally().figures()).toEqual({ tokens: 0, meanLogProb: 0, lowShare: 0 });
  });
});

describe("isTranscribeLanguageMismatch: Amazon Transcribe's own confidence (issue 27 point 2, AWS)", () => {
  /** Transcribe's result JSON with these word confidences, and with language identification the found language's score. */
  function transcribeResult(confidences: readonly number[], identified?: { code: string; score: number }): unknown {
    const items = confidences.flatMap((confidence, index) => [
      { type: 'pronunciation', start_time: `${index}.0`, end_time: `${index}.5`, alternatives: [{ confidence: String(confidence), content: `word${index}` }] },
      ...(index % 5 === 4 ? [{ type: 'punctuation', alternatives: [{ confidence: '0.0', content: '.' }] }] : []),
    ]);
    const identification = identified ? { language_code: identified.code, language_identification: [{ code: identified.code, score: String(identified.score) }, { code: 'fr-FR', score: '0.01' }] } : {};
    return { jobName: 'transcript-1', status: 'COMPLETED', results: { transcripts: [{ transcript: '' }], items, ...identification } };
  }
  const heard = (json: unknown) => transcribeConfidence(parseTranscribeJson(json));
  const sure = Array.from({ length: 40 }, (_, index) => (index % 10 === 0 ? 0.62 : 0.97));
  // Foreign speech as English: words written with little certainty, many of them toss-ups.
  const unsure = Array.from({ length: 40 }, (_, index) => (index % 2 === 0 ? 0.31 : 0.58));

  it('flags words Transcribe was unsure of, not words it was sure of; punctuation (confidence 0) counts for nothing', () => {
    expect(isTranscribeLanguageMismatch(heard(transcribeResult(sure))!)).toBe(false);
    expect(isTranscribeLanguageMismatch(heard(transcribeResult(unsure))!)).toBe(true);
    // Many toss-ups alone: half the words below even odds, the rest sure.
    expect(isTranscribeLanguageMismatch(heard(transcribeResult(sure.map((confidence, index) => (index % 2 ? 0.2 : confidence))))!)).toBe(true);
    // A word or two say nothing either way.
    expect(isTranscribeLanguageMismatch(heard(transcribeResult([0.1, 0.2]))!)).toBe(false);
  });

  it('flags a language identification that gave the language it found less than even odds', () => {
    expect(isTranscribeLanguageMismatch(heard(transcribeResult(sure, { code: 'en-US', score: 0.98 }))!)).toBe(false);
    expect(isTranscribeLanguageMismatch(heard(transcribeResult(sure, { code: 'en-US', score: 0.41 }))!)).toBe(true);
  });

  it('says nothing of a result without confidences (the local engine decided already)', () => {
    expect(heard({ results: { transcripts: [{ transcript: 'Hello.' }], items: [{ type: 'pronunciation', start_time: '0', end_time: '1', alternatives: [{ content: 'Hello' }] }] } })).toBeUndefined();
  });
});
