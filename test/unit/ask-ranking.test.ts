import { markQuestion, PassageIndex, rankPassages, trigrams } from '../../functions/domain/ask-ranking';
import { passagesOf } from '../../functions/domain/passages';
import { ASK_QUESTIONS, citesMoment, momentsOf } from '../fixtures/ask-questions';
import { MADE_TRANSCRIPTS } from '../fixtures/ask-made-transcripts';
import { FIXTURE_TRANSCRIPTS, LIBRARY_TRANSCRIPT } from '../fixtures/ask-transcripts';

const transcripts = [...FIXTURE_TRANSCRIPTS, LIBRARY_TRANSCRIPT, ...MADE_TRANSCRIPTS];
// Two "shards", as the search index holds a user's transcripts.
const indexes = [transcripts.slice(0, 3), transcripts.slice(3)].map((part) => new PassageIndex(part.flatMap((transcript) => passagesOf(transcript.id, transcript.groups))));

describe('rankPassages (issue 30: the passages that best match a question)', () => {
  it('every question of the set has its moment in the fixtures', () => {
    for (const question of ASK_QUESTIONS) expect(momentsOf(question, transcripts).length).toBeGreaterThan(0);
  });

  it('cites the moment of most literal and paraphrased questions in its top 3', () => {
    const hits = ASK_QUESTIONS.filter((question) => citesMoment(rankPassages(indexes, question.question, { limit: 3 }), question, transcripts));
    expect(hits.length / ASK_QUESTIONS.length).toBeGreaterThanOrEqual(0.8);
  });

  it('finds a word in another form through its trigrams where the stemmed words miss it', () => {
    const passages = [
      { transcript_id: 'a', start_ms: 0, end_ms: 1, speaker: null, text: 'The Norsemen saw a bridge.' },
      { transcript_id: 'b', start_ms: 0, end_ms: 1, speaker: null, text: 'The budget for next year.' },
    ];
    const index = [new PassageIndex(passages)];
    expect(rankPassages(index, 'Norse', { limit: 3, signal: 'words' })).toEqual([]);
    expect(rankPassages(index, 'Norse', { limit: 3 })[0]!.transcript_id).toBe('a');
  });

  it('ranks only the passages kept (the transcripts asked about), and none for a question of stop words only or an empty index', () => {
    const cited = rankPassages(indexes, 'rainbow', { limit: 5, keep: (passage) => passage.transcript_id === 'two-speakers' });
    expect(cited.length).toBeGreaterThan(0);
    expect(cited.every((passage) => passage.transcript_id === 'two-speakers')).toBe(true);
    expect(rankPassages(indexes, 'what is it?', { limit: 5 })).toEqual([]);
    // "trail" shares a trigram with "rainbow": too little to cite.
    expect(rankPassages(indexes, 'rainbow', { limit: 5, keep: (passage) => passage.transcript_id === 'three-speakers' })).toEqual([]);
    expect(rankPassages([], 'rainbow', { limit: 5 })).toEqual([]);
  });

  it('pads each word for its trigrams, without stop words or accents', () => {
    expect(trigrams('The bow, é')).toEqual(['#bo', 'bow', 'ow#', '#e#']);
  });

  it('marks the words of a passage that share a term with the question', () => {
    expect(markQuestion('The rainbows are bright.', 'a rainbow').filter((piece) => piece.match).map((piece) => piece.text)).toEqual(['rainbows']);
  });
});
