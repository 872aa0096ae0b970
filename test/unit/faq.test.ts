/** The FAQ and its retrieval (the local support engine): each topic's typical questions find their entry; other questions find none. */
import { BRAND } from '../../functions/domain/brand';
import { MAX_FORM_UPLOAD_BYTES, MAX_UPLOAD_BYTES } from '../../functions/domain/constants';
import { FAQ, faqEntry } from '../../functions/domain/faq';
import { buildIndex, MIN_SCORE, rankFaq, searchFaq } from '../../functions/domain/faq-search';
import { stem, terms } from '../../functions/domain/terms';
import { formatBytes } from '../../functions/domain/file-size';
import { SUPPORT_TEXTS } from '../../functions/domain/support';
import { LocalFaqSupportEngine } from '../../functions/engines/support/local-faq';
import { smallTalk } from '../../functions/engines/support/types';

/** Typical questions, as people type them, by the entry that answers them. */
const QUESTIONS: Record<string, string[]> = {
  formats: ['What file formats do you support?', 'What is the maximum file size?', 'can I upload an mp4 video', 'is there a size limit for uploads', 'Do you accept WAV files?'],
  languages: ['Which languages can you transcribe?', 'Do you support French?', 'can it transcribe German audio'],
  speakers: ['Can it identify different speakers?', 'does it do speaker diarization', 'how do I know who is talking'],
  summaries: ['How do summaries work?', 'what is the AI summary', 'can I get a topic for my recording'],
  translation: ['how do I translate my transcript to Spanish', 'Can I translate a transcript?'],
  downloads: ['How can I download a transcript?', 'export as srt subtitles', 'save my transcript as a txt file'],
  'delete-restore': ['I deleted a transcript by mistake, can I get it back?', 'how to restore deleted files', 'how do I delete a transcript'],
  'projects-tags': ['How do I create a project?', 'how do tags work', 'can I organize transcripts in folders'],
  privacy: ['Who can see my recordings?', 'How long do you keep my data?', 'is my data private', 'are you GDPR compliant'],
  'account-deletion': ['How do I delete my account?', 'close my account and erase everything'],
  'password-reset': ['I forgot my password', 'how long is the reset link valid', 'how do I reset my password'],
  price: ['is it free?', 'how much does it cost', 'do I need a credit card'],
  'google-sign-in': ['sign in with google', 'can I log in with my Gmail account'],
  profile: ['change my email address', 'how do I edit my name'],
  'processing-time': ['how long does transcription take', 'my transcription is stuck processing'],
  'verification-code': ['I never got the verification code', 'where is my 6 digit code'],
  contact: ['talk to a human', 'how can I contact you'],
  'how-to-transcribe': ['How do I transcribe a recording?'],
  timestamps: ['does the transcript have timestamps', 'word highlighting during playback'],
};

describe('the FAQ', () => {
  it('covers every topic the support chat must answer, each once', () => {
    const ids = FAQ.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ['formats', 'languages', 'speakers', 'summaries', 'translation', 'downloads', 'delete-restore', 'projects-tags', 'privacy', 'account-deletion', 'password-reset']) {
      expect(faqEntry(id)).toBeDefined();
    }
  });

  it('states the facts from the one place that holds them', () => {
    expect(faqEntry('formats')!.answer).toContain(formatBytes(MAX_UPLOAD_BYTES));
    expect(faqEntry('formats')!.answer).toContain(formatBytes(MAX_FORM_UPLOAD_BYTES));
    expect(faqEntry('formats')!.answer).toMatch(/WAV.*MP3.*M4A.*FLAC.*OGG.*WebM.*MP4.*MOV/);
    expect(faqEntry('languages')!.answer).toMatch(/25 languages: English, French, .* and Yoruba/);
    expect(faqEntry('languages')!.answer).toMatch(/local installation transcribes English only, or English and Spanish/);
    expect(faqEntry('downloads')!.answer).toMatch(/\.txt.*\.md.*\.docx.*\.srt.*\.vtt.*\.json/);
    expect(faqEntry('privacy')!.answer).toMatch(/kept until you delete them/);
    expect(faqEntry('privacy')!.answer).toMatch(/only your account can access them/);
    expect(faqEntry('account-deletion')!.answer).toMatch(/everything in it for good/);
    expect(faqEntry('password-reset')!.answer).toMatch(/works once and for 1 hour/);
    expect(faqEntry('contact')!.answer).toContain(BRAND.contactEmail);
  });
});

describe('retrieval', () => {
  for (const [id, questions] of Object.entries(QUESTIONS)) {
    for (const question of questions) {
      it(`"${question}" finds ${id}`, () => {
        expect(searchFaq(question)?.entry.id).toBe(id);
      });
    }
  }

  it.each(['What is the weather in Paris today?', 'Write me a poem about cats', 'asdf qwerty', 'who won the football match', 'recommend a good pizza restaurant', '???'])(
    '"%s" finds nothing',
    (question) => {
      expect(searchFaq(question)).toBeNull();
    },
  );

  it('trims endings so word forms meet, and drops stop words', () => {
    expect(['delete', 'deleted', 'deleting', 'deletes'].map(stem)).toEqual(['delet', 'delet', 'delet', 'delet']);
    expect(['summaries', 'summary'].map(stem)).toEqual(['summary', 'summary']);
    expect(['translate', 'translated', 'translation'].map(stem)).toEqual(['translat', 'translat', 'translat']);
    expect(terms("How do I download my transcripts? It's .SRT!")).toEqual(['download', 'transcript', 'srt']);
  });

  it('ranks by BM25 over question, keywords and answer, the question weighing most; a word only in an answer makes no candidate', () => {
    const index = buildIndex([
      { id: 'a', question: 'How do I export?', answer: 'Use the menu.', keywords: '' },
      { id: 'b', question: 'Where is the menu?', answer: 'You can export from here too.', keywords: 'export' },
      { id: 'c', question: 'Anything else?', answer: 'Nothing to export.', keywords: '' },
    ]);
    const ranked = rankFaq('export', index);
    expect(ranked.map((match) => match.entry.id)).toEqual(['a', 'b']);
    expect(ranked[0]!.score).toBeGreaterThan(ranked[1]!.score);
    expect(MIN_SCORE).toBeGreaterThan(0);
  });
});

describe('the local support engine', () => {
  const engine = new LocalFaqSupportEngine();

  it("answers with the closest entry's answer", async () => {
    expect(await engine.answer('Which file formats can I upload?')).toBe(faqEntry('formats')!.answer);
  });

  it('says when the help pages do not cover a question, and where to write', async () => {
    const reply = await engine.answer('What is the capital of Peru?');
    expect(reply).toBe(SUPPORT_TEXTS.notInFaq);
    expect(reply).toContain(BRAND.contactEmail);
  });

  it('greets and thanks without searching', async () => {
    expect(await engine.answer('Hello!')).toBe(SUPPORT_TEXTS.greeting);
    expect(await engine.answer('thanks a lot')).toBe(SUPPORT_TEXTS.thanks);
    expect(smallTalk('ok how do I download')).toBeNull();
    expect(smallTalk('hi, how do I delete my account?')).toBeNull();
  });
});
