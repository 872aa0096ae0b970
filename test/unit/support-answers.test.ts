/**
 * The support bot against realistic questions (issue 15): twenty questions a new user asks, in their own
 * words (not the help text's), each with the topic of the answer it needs. The local engine must answer
 * at least 17 with the right topic; questions the help text does not cover get the plain "I don't know",
 * with where to get help. The score is printed so that a change to the help text shows what it did.
 */
import { BRAND } from '../../functions/domain/brand';
import { FAQ } from '../../functions/domain/faq';
import { searchFaq } from '../../functions/domain/faq-search';
import { SUPPORT_TEXTS } from '../../functions/domain/support';
import { LocalFaqSupportEngine } from '../../functions/engines/support/local-faq';

/** [question, id of the help entry whose answer it needs]. */
const REALISTIC: readonly [string, string][] = [
  ['what kind of files can I upload? is m4a ok?', 'formats'],
  ['Is there a limit on how long my recording can be?', 'formats'],
  ['can I record my meeting directly in the app?', 'record'],
  ['I have 10 interviews, do I need to upload them one by one?', 'multiple-files'],
  ['Does it work for Spanish audio?', 'languages'],
  ['can it separate the interviewer from the interviewee?', 'speakers'],
  ['where do I find the summary of my recording', 'summaries'],
  ['I need the transcript in French, how?', 'translation'],
  ['the transcript got a name wrong, can I fix it?', 'editing'],
  ['how do I find the part where we talked about the budget', 'search'],
  ['can I get a Word document of my transcript?', 'downloads'],
  ['how do I make subtitles for my video', 'downloads'],
  ["I want to send the transcript to my client who doesn't have an account", 'share-links'],
  ['how do I put transcripts into folders', 'projects-tags'],
  ['I accidentally deleted a file, where did it go?', 'delete-restore'],
  ["I can't remember my password", 'password-reset'],
  ['the verification email never came, can you send it again?', 'verification-code'],
  ['does anyone else have access to my recordings?', 'privacy'],
  ['how do I permanently remove my account', 'account-deletion'],
  ['my transcription has been running for ages, is something wrong?', 'processing-time'],
];

const OFF_TOPIC = ['What is the capital of Peru?', "what's your refund policy?", 'do you have an API?', 'Who will win the election?', 'can you write my essay for me'];

it('lists twenty realistic questions, each needing an entry of the help text', () => {
  expect(REALISTIC).toHaveLength(20);
  const ids = new Set(FAQ.map((entry) => entry.id));
  for (const [, id] of REALISTIC) expect(ids).toContain(id);
});

it('answers at least 17 of the 20 with the right topic', async () => {
  const engine = new LocalFaqSupportEngine();
  const missed: string[] = [];
  for (const [question, id] of REALISTIC) {
    const reply = await engine.answer(question);
    if (reply !== FAQ.find((entry) => entry.id === id)!.answer) missed.push(`${question} → wanted ${id}, got ${searchFaq(question)?.entry.id ?? "I don't know"}`);
  }
  console.log(`Support bot: ${REALISTIC.length - missed.length}/${REALISTIC.length} realistic questions answered with the right topic.${missed.length ? `\n${missed.join('\n')}` : ''}`);
  expect(REALISTIC.length - missed.length).toBeGreaterThanOrEqual(17);
});

it.each(OFF_TOPIC)('says plainly it does not know "%s", and where to get help', async (question) => {
  const reply = await new LocalFaqSupportEngine().answer(question);
  expect(reply).toBe(SUPPORT_TEXTS.notInFaq);
  expect(reply).toMatch(/^I don't know/);
  expect(reply).toContain(BRAND.contactEmail);
});
