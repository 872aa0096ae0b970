/**
 * Operator smoke test after a deploy (`npm run smoke -- --url https://app.example.com --email ... --password ...`):
 * signs in with a throwaway account the operator made (an admin-confirmed Cognito user), uploads 11 s of
 * real speech from the repo, waits for the transcript and checks its words, translates it (and checks a
 * word of the Spanish), shares it by a read-only link (read without a session, its recording by range, then
 * turned off), asks the support chat, deletes the account, and prints each step with its time and, on failure,
 * the reason.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const HELP = `npm run smoke -- --url <site> --email <address> --password <password> [--keep-account]

  --url            the app's address (the SiteUrl output, or your domain)
  --email          a throwaway account: create it confirmed with
                   aws cognito-idp admin-create-user + admin-set-user-password --permanent
  --password       its password
  --keep-account   do not delete the account at the end
  --help           this text`;

export interface SmokeOptions {
  url: string;
  email: string;
  password: string;
  keepAccount?: boolean;
  log?: (line: string) => void;
  /** Between status checks; the app's own pages poll every 5 s. */
  pollMs?: number;
}

/**
 * The recording it uploads: 11 s of real speech (President Kennedy, public domain; see
 * test/fixtures/real-speech/README.md), so the transcript has words to check and to translate.
 */
const SPEECH = join(__dirname, '../test/fixtures/real-speech/en_jfk_11s.wav');
/** Words the speech engine must hear in it (each is said twice; any engine worth deploying gets them). */
const EXPECTED_WORDS = ['country', 'americans'];

/** Whether a transcript heard the recording: its expected words, case and punctuation aside. */
export function heardSpeech(text: string): boolean {
  const words = new Set(text.toLowerCase().split(/[^a-z]+/));
  return EXPECTED_WORDS.every((word) => words.has(word));
}

type Call = (method: string, path: string, body?: unknown) => Promise<{ status: number; json: Record<string, unknown> }>;

/** A GET with no session; throws unless it answers `status` (and, when given, X-Robots-Tag: noindex). */
async function signedOutGet(url: string, status: number, noindex = false): Promise<Response> {
  const answer = await fetch(url, { redirect: 'manual' });
  // The token stays out of the operator's log.
  const path = new URL(url).pathname.replace(/[A-Za-z0-9_-]{43}/, '<token>');
  if (answer.status !== status) throw new Error(`${path} answered ${answer.status} instead of ${status}`);
  if (noindex && answer.headers.get('x-robots-tag') !== 'noindex') throw new Error(`${path} has no X-Robots-Tag: noindex`);
  return answer;
}

/**
 * Issue 25: the recording's address names neither the owner nor the transcript, and it plays: a range of it, with
 * the recording's type (in AWS this is the site's CloudFront Function and origin access control at work).
 */
async function checkSharedRecording(address: URL, transcriptId: string): Promise<void> {
  if (address.href.includes(transcriptId) || address.href.includes('users/')) throw new Error("the shared recording's address names the transcript or its owner");
  const answer = await fetch(address, { headers: { range: 'bytes=0-99' } });
  const type = answer.headers.get('content-type') ?? '';
  await answer.arrayBuffer();
  if (answer.status !== 206 || !type.startsWith('audio/')) throw new Error(`the shared recording answered ${answer.status} (${type}) to a range read`);
}

/** Issue 15: a read-only link with the recording, read with no session (API, recording, page), then turned off. */
async function checkSharedLink(base: string, call: Call, id: string): Promise<void> {
  const made = await call('POST', `/api/transcripts/${id}/share`, { expires_in_days: 1, include_audio: true });
  if (made.status !== 201) throw new Error(`making the link answered ${made.status}: ${String(made.json.error ?? '')}`);
  const token = String(made.json.token);
  const shared = (await (await signedOutGet(`${base}/api/shared/${token}`, 200, true)).json()) as { audio_url?: string };
  const redirect = await signedOutGet(`${base}${shared.audio_url ?? '/no-audio-url'}`, 302);
  await checkSharedRecording(new URL(redirect.headers.get('location') ?? '', base), id);
  await signedOutGet(`${base}/s/${token}`, 200, true);
  const revoked = await call('DELETE', `/api/transcripts/${id}/share/${token}`);
  if (revoked.status !== 200) throw new Error(`turning the link off answered ${revoked.status}`);
  await signedOutGet(`${base}/api/shared/${token}`, 404);
}

/** Runs every step; resolves true when all passed. */
export async function runSmoke(options: SmokeOptions): Promise<boolean> {
  const log = options.log ?? console.log;
  const base = options.url.replace(/\/+$/, '');
  let cookie = '';
  const call: Call = async (method, path, body) => {
    const isForm = body instanceof FormData;
    const answer = await fetch(`${base}${path}`, {
      method,
      headers: { ...(cookie ? { cookie } : {}), ...(body && !isForm ? { 'content-type': 'application/json' } : {}), origin: base },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      redirect: 'manual',
    });
    const sid = answer.headers.getSetCookie().find((line) => line.startsWith('sid='));
    if (sid) cookie = sid.split(';')[0]!;
    const text = await answer.text();
    let json: Record<string, unknown> = {};
    try {
      json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      json = { error: `not JSON: ${text.slice(0, 120)}` };
    }
    return { status: answer.status, json };
  };
  const expectStatus = (answer: { status: number; json: Record<string, unknown> }, status: number): void => {
    if (answer.status !== status) throw new Error(`answered ${answer.status} instead of ${status}: ${String(answer.json.error ?? JSON.stringify(answer.json)).slice(0, 200)}`);
  };
  let ok = true;
  const step = async (name: string, work: () => Promise<string | void>): Promise<boolean> => {
    const started = Date.now();
    try {
      const note = await work();
      log(`ok    ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)${note ? `: ${note}` : ''}`);
      return true;
    } catch (error) {
      ok = false;
      log(`FAIL  ${name} (${((Date.now() - started) / 1000).toFixed(1)} s): ${(error as Error).message}`);
      return false;
    }
  };

  let id = '';
  let text = '';
  if (!(await step('the app answers', async () => expectStatus(await call('GET', '/api/session'), 401)))) return false;
  if (!(await step('sign in', async () => expectStatus(await call('POST', '/api/login', { email: options.email, password: options.password }), 200)))) return false;
  await step('upload an 11-second recording of speech', async () => {
    const form = new FormData();
    form.append('file', new Blob([readFileSync(SPEECH)], { type: 'audio/wav' }), 'smoke-test.wav');
    form.append('language', 'en');
    const answer = await call('POST', '/api/transcribe', form);
    expectStatus(answer, 200);
    id = String(answer.json.id);
  });
  if (id) {
    await step('transcript complete', async () => {
      for (let attempt = 0; attempt < 180; attempt++) {
        const answer = await call('GET', `/api/transcripts/${id}`);
        expectStatus(answer, 200);
        if (answer.json.status === 'complete') {
          text = String(answer.json.text ?? '');
          if (!heardSpeech(text)) throw new Error(`the transcript misses the words said ("${EXPECTED_WORDS.join('", "')}"): "${text.slice(0, 120)}"`);
          // A job completes without its summary when the model can't be called (docs/operations.md, "What you need").
          if (!String(answer.json.summary ?? '').trim()) throw new Error('the transcript came without a summary: is the Bedrock model enabled for this account and region?');
          return `"${text.slice(0, 60)}"`;
        }
        if (answer.json.status === 'failed') throw new Error(`the job failed: ${String(answer.json.error)}`);
        await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 5000));
      }
      throw new Error('still processing after 15 minutes');
    });
    await step('translate into Spanish', async () => {
      if (!text) return 'skipped: no words to translate';
      const answer = await call('POST', `/api/translate/${id}`, { language: 'Spanish' });
      expectStatus(answer, 200);
      const translated = String(answer.json.translated_text ?? '');
      if (!/\bpa[ií]s\b/i.test(translated)) throw new Error(`the Spanish text lacks "país" (country): "${translated.slice(0, 120)}"`);
      return `"${translated.slice(0, 60)}"`;
    });
    await step('share a read-only link, read it signed out, turn it off', () => checkSharedLink(base, call, id));
  }
  await step('support chat', async () => {
    const answer = await call('POST', '/api/support', { message: 'How do I delete my account?' });
    expectStatus(answer, 200);
    return String(answer.json.reply ?? '').slice(0, 60);
  });
  if (!options.keepAccount) await step('delete the account', async () => expectStatus(await call('POST', '/api/delete-account', { password: options.password }), 200));
  return ok;
}

if (require.main === module) {
  const { values } = parseArgs({ options: { url: { type: 'string' }, email: { type: 'string' }, password: { type: 'string' }, 'keep-account': { type: 'boolean' }, help: { type: 'boolean' } } });
  if (values.help || !values.url || !values.email || !values.password) {
    console.log(HELP);
    process.exit(values.help ? 0 : 2);
  }
  void runSmoke({ url: values.url, email: values.email, password: values.password, keepAccount: values['keep-account'] ?? false }).then((passed) => process.exit(passed ? 0 : 1));
}
