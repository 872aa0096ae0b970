/**
 * Corrections (issue 25): the CPU of re-timing one 10,000-word group, and another user's session check
 * while one user sends the largest correction allowed (two wholly new 10,000-word groups of a transcript
 * at the 100,000-word cap) again and again.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { db } from '../../functions/data/db';
import { TEXT_EDIT_LIMITS } from '../../functions/domain/constants';
import type { WordGroup } from '../../functions/domain/parse-transcript';
import { applyTextEdits } from '../../functions/domain/text-edit';
import type { TranscriptBody } from '../../functions/domain/transcript-view';
import { bodyKey, putJson } from '../../functions/storage/media-store';
import type { LocalStack } from '../../infra/local/stack';
import { signedUpBrowser } from '../integration/http-client';
import { atMost, info, percentile, round, type Figure } from './figures';
import { load, syntheticTranscript } from './stack-figures';

const GROUP_WORDS = 10_000;
const ROUNDS = 5;
const SECONDS = 6;

/** A group of `count` words of 300 ms from `from`, named `name0`, `name1`, ... */
const group = (count: number, name: string, from = 0): WordGroup => ({
  words: Array.from({ length: count }, (_, index) => ({ word: `${name}${index}`, start: from + index * 300, end: from + index * 300 + 250 })),
});

/** 10,000 new words in a group's 20,000 characters: one letter each, cycling through `letters`. */
const newText = (letters: string) => Array.from({ length: GROUP_WORDS }, (_, index) => letters[index % letters.length]).join(' ');

/** CPU of one correction of a 10,000-word group (the median of ROUNDS), with the text rebuilt. */
function editCpuMs(text: string): number {
  const body: TranscriptBody = { text: '', speakers: [], word_timings: [group(GROUP_WORDS, 'w')] };
  const times = Array.from({ length: ROUNDS }, () => {
    const start = process.cpuUsage();
    applyTextEdits(body, [{ index: 0, text }], false);
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000;
  });
  return round(percentile(times, 0.5), 1);
}

export function measureEditCpu(): Figure[] {
  const everyTenth = group(GROUP_WORDS, 'w').words.map((word, index) => (index % 10 === 0 ? `fixed${index}` : word.word)).join(' ');
  return [
    atMost('edits', '10,000-word group, every 10th word corrected: CPU', editCpuMs(everyTenth), 'ms', 1000),
    atMost('edits', '10,000-word group, all words new: CPU', editCpuMs(newText('abcdefghijklm')), 'ms', 1000),
  ];
}

/** A finished transcript at the word cap (groups of 10,000 words), written straight to storage and the table. */
async function seedLongTranscript(userId: string): Promise<string> {
  const transcriptId = `benchedit${Date.now()}`;
  const groups = TEXT_EDIT_LIMITS.transcriptWords / GROUP_WORDS;
  const word_timings = Array.from({ length: groups }, (_, index) => group(GROUP_WORDS, `g${index}w`, index * GROUP_WORDS * 300));
  const key = bodyKey(userId, transcriptId);
  await putJson(key, { text: word_timings.map((one) => one.words.map((word) => word.word).join(' ')).join('\n'), speakers: [], word_timings });
  await db()
    .entities.transcript.create({ ...syntheticTranscript(userId), transcriptId, createdAt: new Date().toISOString(), bodyKey: key } as never)
    .go();
  return transcriptId;
}

/**
 * Another user's session check p99 (one caller, SECONDS of requests), quiet and while the largest allowed
 * correction is sent one after another (each changes two groups wholly, alternating between two texts).
 */
export async function measureEditLoad(stack: LocalStack): Promise<Figure[]> {
  const editor = await signedUpBrowser(stack, `bench-editor-${Date.now()}@example.com`);
  const transcriptId = await seedLongTranscript((await editor.get('/api/session')).body.user as string);
  const other = await signedUpBrowser(stack, `bench-reader-${Date.now()}@example.com`);
  const sessionUrl = `${stack.url}/api/session`;
  const texts = ['abcdefghijklm', 'nopqrstuvwxyz'].map((letters) => [0, 1].map((index) => ({ index, text: newText(letters) })));
  const editMs: number[] = [];
  let sending = true;
  const edit = async () => {
    for (let turn = 0; sending; turn++) {
      const start = performance.now();
      const answer = await editor.put(`/api/transcripts/${transcriptId}/text`, { groups: texts[turn % 2] });
      if (answer.status !== 200) throw new Error(`Benchmark correction refused: ${JSON.stringify(answer.body)}`);
      editMs.push(performance.now() - start);
    }
  };
  const quiet = (await load(sessionUrl, other.sessionCookie, 1, { seconds: SECONDS })).latency.p99;
  // The app's thread (the stack runs in this process): its longest stall while corrections are saved.
  const stalls = monitorEventLoopDelay({ resolution: 10 });
  stalls.enable();
  // CPU of the app's process meanwhile, per correction (the other user's checks add about a millisecond each).
  const cpu = process.cpuUsage();
  const editing = edit();
  const during = (await load(sessionUrl, other.sessionCookie, 1, { seconds: SECONDS })).latency.p99;
  sending = false;
  await editing;
  const used = process.cpuUsage(cpu);
  stalls.disable();
  return [
    info('edits', `largest correction (2 × ${GROUP_WORDS.toLocaleString('en-US')} new words, transcript of ${TEXT_EDIT_LIMITS.transcriptWords.toLocaleString('en-US')}): time through the API, median`, round(percentile(editMs, 0.5), 0), 'ms'),
    info('edits', 'its CPU in the app, per correction', round((used.user + used.system) / 1000 / editMs.length, 0), 'ms'),
    info('edits', "the app thread's longest stall meanwhile", round(stalls.max / 1e6, 0), 'ms'),
    info('edits', "another user's session check p99, quiet", quiet, 'ms'),
    atMost('edits', "another user's session check p99 while the largest correction is sent again and again", during, 'ms', 1000),
  ];
}
