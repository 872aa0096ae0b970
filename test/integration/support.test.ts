/** POST /api/support on the real local stack: answers from the FAQ, session required, length and rate limits, foreign origins refused. */
import { BRAND } from '../../functions/domain/brand';
import { faqEntry } from '../../functions/domain/faq';
import { SUPPORT_LIMITS, SUPPORT_TEXTS } from '../../functions/domain/support';
import { Browser, codeIn, latestMail, uniqueEmail } from './http-client';
import { startNextWindow, useTestStack } from './local-stack';

const stack = useTestStack();

async function signedIn(): Promise<Browser> {
  const browser = new Browser(stack.url);
  const email = uniqueEmail('support');
  expect((await browser.post('/signup', { name: 'Sam Support', email, password: 'Sunny-Day-42' })).status).toBe(200);
  expect((await browser.post('/verify-code', { email, code: codeIn(await latestMail(stack.mailDir, email)) })).status).toBe(200);
  return browser;
}

it('answers a question with the relevant help text', async () => {
  const browser = await signedIn();
  expect(await browser.post('/api/support', { message: 'Which file formats can I upload, and how big?' })).toMatchObject({
    status: 200,
    body: { reply: faqEntry('formats')!.answer },
  });
  expect((await browser.post('/api/support', { message: '  How do I reset my password?  ' })).body).toEqual({ reply: faqEntry('password-reset')!.answer });
  const unknown = await browser.post('/api/support', { message: 'Who will win the next election?' });
  expect(unknown.body).toEqual({ reply: SUPPORT_TEXTS.notInFaq });
  expect(String(unknown.body.reply)).toContain(BRAND.contactEmail);
});

it('requires a session', async () => {
  const answer = await new Browser(stack.url).post('/api/support', { message: 'Hello?' });
  expect(answer).toMatchObject({ status: 401, body: { error: 'Not signed in.' } });
});

it('refuses a request from another site', async () => {
  const browser = await signedIn();
  const answer = await browser.post('/api/support', { message: 'Hello?' }, { origin: 'https://evil.example.com' });
  expect(answer).toMatchObject({ status: 403, body: { error: 'Request refused: it came from another site.' } });
});

it('refuses empty, overlong and malformed messages with clear texts', async () => {
  const browser = await signedIn();
  expect(await browser.post('/api/support', { message: '   ' })).toMatchObject({ status: 400, body: { error: SUPPORT_TEXTS.empty } });
  expect(await browser.post('/api/support', {})).toMatchObject({ status: 400, body: { error: SUPPORT_TEXTS.empty } });
  expect(await browser.post('/api/support', { message: 'x'.repeat(SUPPORT_LIMITS.maxMessageChars + 1) })).toMatchObject({
    status: 400,
    body: { error: SUPPORT_TEXTS.tooLong },
  });
  expect(await browser.post('/api/support', '{not json', { 'content-type': 'application/json' })).toMatchObject({ status: 400, body: { error: 'The request body is not valid JSON.' } });
});

it('limits questions per user, and another user is not affected', async () => {
  const busy = await signedIn();
  startNextWindow(SUPPORT_LIMITS.windowSeconds);
  for (let i = 0; i < SUPPORT_LIMITS.perUser; i++) {
    expect((await busy.post('/api/support', { message: `How do tags work? (${i})` })).status).toBe(200);
  }
  expect(await busy.post('/api/support', { message: 'How do tags work?' })).toMatchObject({ status: 429, body: { error: SUPPORT_TEXTS.tooMany } });
  expect((await (await signedIn()).post('/api/support', { message: 'How do tags work?' })).status).toBe(200);
});
