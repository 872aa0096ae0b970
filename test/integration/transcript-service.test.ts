/**
 * The transcript service on the local stack, called as a function (issue 26 point 2): no HTTP, no session,
 * only the user's id and values. It makes a transcript that its workflow finishes, and every change of one
 * (correct, revert, rename, tag, share, trash, restore) keeps its view, its links and its search entry in step.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MESSAGES } from '../../functions/domain/messages';
import { SearchQuery } from '../../functions/domain/search';
import { TranscribeForm } from '../../functions/domain/transcribe-request';
import * as transcripts from '../../functions/services/transcripts';
import type { LocalStack } from '../../infra/local/stack';
import { makeSpokenFixtures, type SpokenFixtures } from '../fixtures/spoken';
import { startTestStack, stopTestStack } from './local-stack';

let stack: LocalStack;
let fixtures: SpokenFixtures;
const ANN = 'service-ann-0001';
const BOB = 'service-bob-0002';
const CLIENT = '127.0.0.1';

beforeAll(async () => {
  [stack, fixtures] = await Promise.all([startTestStack(), makeSpokenFixtures(mkdtempSync(join(tmpdir(), 'spoken-')))]);
});
afterAll(() => stopTestStack(stack));

const found = async (userId: string, q: string) => (await transcripts.searchTranscripts(userId, SearchQuery.parse({ q }))).map((result) => result.id);

/** Reads the transcript until its workflow is done with it (the workflow runs on its own in the stack). */
async function finished(userId: string, id: string): Promise<Awaited<ReturnType<typeof transcripts.readTranscript>>> {
  for (let attempt = 0; attempt < 400; attempt++) {
    const view = await transcripts.readTranscript(userId, id);
    if (view.status !== 'processing') return view;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`Transcript ${id} is still processing`);
}

let id: string;

it('makes a transcript from a file; its workflow finishes it, and it is listed and found', async () => {
  const file = new File([readFileSync(fixtures.wav)], 'Market day.wav');
  const started = await transcripts.transcribeForm(ANN, TranscribeForm.parse({ file, use_ai_summary: 'false' }), (name) => name);
  id = started.id;
  expect(started).toMatchObject({ status: 'processing', filename: 'Market day.wav' });
  expect(await finished(ANN, id)).toMatchObject({ status: 'complete', filename: 'Market day.wav' });
  expect((await transcripts.listOwnTranscripts(ANN, 'active', undefined)).items.map((item) => item.id)).toEqual([id]);
  expect(await found(ANN, 'market')).toEqual([id]);
  // Another user's id finds nothing: not found, in the service's words.
  await expect(transcripts.readTranscript(BOB, id)).rejects.toMatchObject({ reason: 'not-found', message: MESSAGES.transcriptNotFound });
  expect(await found(BOB, 'market')).toEqual([]);
}, 240_000);

it('a correction makes a revision that search finds at once; revert brings the machine text back', async () => {
  const before = await transcripts.readTranscript(ANN, id);
  const firstGroup = before.word_timings[0]!.words.map((word) => word.word).join(' ');
  const corrected = await transcripts.correctTranscript(ANN, id, [{ index: 0, text: `Zanzibar ${firstGroup}` }]);
  expect(corrected.text.startsWith('Zanzibar')).toBe(true);
  expect(corrected.edited_at).not.toBeNull();
  expect(await found(ANN, 'zanzibar')).toEqual([id]);

  const reverted = await transcripts.revertTranscript(ANN, id);
  expect(reverted).toMatchObject({ text: before.text, edited_at: null });
  expect(await found(ANN, 'zanzibar')).toEqual([]);
});

it('a rename and a tag are in the view and the search entry', async () => {
  const changed = await transcripts.changeTranscript(ANN, id, { filename: 'Harbour walk.wav', tags: ['Errands'] });
  expect(changed).toMatchObject({ filename: 'Harbour walk.wav', tags: ['Errands'] });
  expect(await found(ANN, 'harbour')).toEqual([id]);
  await transcripts.retagTranscripts(ANN, 'errands', 'Chores');
  expect((await transcripts.readTranscript(ANN, id)).tags).toEqual(['Chores']);
});

it('a shared link reads while the transcript is active; in the trash it is dead, unsearched and read-only, and a restore brings all back', async () => {
  const { token } = await transcripts.shareTranscript(ANN, id, { include_audio: false, expires_in_days: 1 });
  expect(await transcripts.readSharedTranscript(token, CLIENT)).toMatchObject({ filename: 'Harbour walk.wav' });
  expect(await transcripts.transcriptLinks(ANN, id)).toHaveLength(1);

  expect(await transcripts.moveTranscript(ANN, id, 'deleted')).toBe(id);
  await expect(transcripts.readSharedTranscript(token, CLIENT)).rejects.toMatchObject({ reason: 'not-found', message: MESSAGES.sharedLinkNotFound });
  expect(await found(ANN, 'harbour')).toEqual([]);
  await expect(transcripts.correctTranscript(ANN, id, [{ index: 0, text: 'No' }])).rejects.toMatchObject({ reason: 'conflict', message: MESSAGES.restoreToEdit });
  expect((await transcripts.listOwnTranscripts(ANN, 'deleted', undefined)).items.map((item) => item.id)).toEqual([id]);

  await transcripts.moveTranscript(ANN, id, 'active');
  expect(await found(ANN, 'harbour')).toEqual([id]);
  expect(await transcripts.readSharedTranscript(token, CLIENT)).toMatchObject({ filename: 'Harbour walk.wav' });
});
