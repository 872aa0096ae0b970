/**
 * Issue 29 point 5, in Chromium: the app's live text with a fake microphone playing real speech. Two
 * recordings in one browser context of a clip joined from the real-speech fixtures (JFK, then the six turns
 * of dev_2spk_female), each piece after a known silence: when the panel first shows words of each piece
 * after it is spoken, the page's longest main-thread task while live runs, the renderer's memory (the worker
 * runs in the page's renderer process), and what the second recording downloads.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { startLocalStack } from '../../infra/local/stack';
import { LIVE_TEXTS } from '../../web/src/features/live/texts';
import { RECORDER_TEXTS } from '../../web/src/features/transcribe/texts';
import { freePort } from '../integration/local-stack';
import { signedUpBrowser } from '../integration/http-client';
import { CHROMIUM_ARGS } from '../e2e/playwright.config';
import { atMost, info, percentile, round, type Figure } from './figures';
import { readWav } from './live';

const ROOT = resolve(__dirname, '../..');
const SPEECH = join(ROOT, 'test/fixtures/real-speech');
const RATE = 16_000;
/** Silence before the first piece: the engine's chunk and models load meanwhile. */
const LEAD_SECONDS = 4;
/** Silence between pieces: enough for the engine to commit the piece before (its pause is 0.5 s). */
const GAP_SECONDS = 2;

interface Piece {
  /** When its speech starts in the clip, in ms. */
  onsetMs: number;
  /** When it ends, in ms. */
  endMs: number;
}

/** The first 10 ms frame louder than a tenth of the piece's loudest: where its speech starts. */
function speechStart(samples: Float32Array): number {
  const frame = RATE / 100;
  const rms: number[] = [];
  for (let at = 0; at + frame <= samples.length; at += frame) rms.push(Math.sqrt(samples.subarray(at, at + frame).reduce((sum, x) => sum + x * x, 0) / frame));
  const loudest = Math.max(...rms);
  return rms.findIndex((value) => value > loudest / 10) * frame;
}

/** The joined clip as a 16 kHz mono WAV, and where each piece's speech starts. */
function joinedClip(dir: string): { wav: string; pieces: Piece[]; seconds: number } {
  const turns = readFileSync(join(SPEECH, 'conversations/dev_2spk_female.turns.tsv'), 'utf8').trim().split('\n').slice(1).map((line) => line.split('\t').map(Number));
  const conversation = readWav(join(SPEECH, 'conversations/dev_2spk_female.wav'));
  const parts = [readWav(join(SPEECH, 'en_jfk_11s.wav')), ...turns.map(([start, end]) => conversation.slice(Math.round(start! * RATE), Math.round(end! * RATE)))];
  const silence = (seconds: number) => new Float32Array(Math.round(seconds * RATE));
  const chunks: Float32Array[] = [silence(LEAD_SECONDS)];
  const pieces: Piece[] = [];
  let length = chunks[0]!.length;
  for (const part of parts) {
    pieces.push({ onsetMs: ((length + speechStart(part)) / RATE) * 1000, endMs: ((length + part.length) / RATE) * 1000 });
    chunks.push(part, silence(GAP_SECONDS));
    length += part.length + GAP_SECONDS * RATE;
  }
  const pcm = new Int16Array(length);
  let at = 0;
  for (const chunk of chunks) {
    pcm.set(Int16Array.from(chunk, (x) => Math.max(-32768, Math.min(32767, Math.round(x * 32768)))), at);
    at += chunk.length;
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + pcm.byteLength, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(pcm.byteLength, 40);
  const wav = join(dir, 'live-clip.wav');
  writeFileSync(wav, Buffer.concat([header, Buffer.from(pcm.buffer)]));
  return { wav, pieces, seconds: length / RATE };
}

/**
 * In the page from its first script: when getUserMedia is called and answers (the fake microphone's file
 * starts playing from its beginning in between), every change of the live panel (its words, committed and
 * provisional, and whether it is still loading), and the main thread's long tasks. No named inner functions:
 * tsx would wrap them in a helper the page doesn't have.
 */
function pageProbe(loading: string): void {
  const probe = { microphone: [] as { called: number; answered: number }[], changes: [] as { at: number; finals: number; words: number; partial: boolean; loading: boolean }[], longTasks: [] as { start: number; ms: number }[] };
  (window as unknown as { liveProbe: typeof probe }).liveProbe = probe;
  const media = navigator.mediaDevices;
  const getUserMedia = media.getUserMedia.bind(media);
  media.getUserMedia = async (constraints) => {
    const called = performance.now();
    const stream = await getUserMedia(constraints);
    probe.microphone.push({ called, answered: performance.now() });
    return stream;
  };
  new PerformanceObserver((list) => list.getEntries().forEach((entry) => probe.longTasks.push({ start: entry.startTime, ms: entry.duration }))).observe({ type: 'longtask', buffered: true });
  let last = '';
  new MutationObserver(() => {
    const panel = document.querySelector('section.live');
    if (!panel) return;
    const log = panel.querySelector('.live__log');
    const change = { at: performance.now(), finals: panel.querySelectorAll('.live__final').length, words: (log?.textContent ?? '').split(/\s+/).filter(Boolean).length, partial: !!panel.querySelector('.live__partial'), loading: panel.textContent?.includes(loading) ?? false };
    const key = `${change.finals}/${change.words}/${change.partial}/${change.loading}`;
    if (key !== last) probe.changes.push(change);
    last = key;
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

type Probe = { microphone: { called: number; answered: number }[]; changes: { at: number; finals: number; words: number; partial: boolean; loading: boolean }[]; longTasks: { start: number; ms: number }[] };

/** The processes under `root`, with their command lines. */
function processesUnder(root: number): { pid: number; cmdline: string }[] {
  const all = readdirSync('/proc').filter((name) => /^\d+$/.test(name)).flatMap((name) => {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      return [{ pid: Number(name), ppid: Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]), cmdline: readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ') }];
    } catch {
      return []; // ended meanwhile
    }
  });
  const under = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const process of all) {
      if (under.has(process.pid) || !under.has(process.ppid)) continue;
      under.add(process.pid);
      grew = true;
    }
  }
  return all.filter((process) => under.has(process.pid) && process.pid !== root);
}

/** Resident memory of the Chromium renderer processes using this profile, by process id, in MB. */
function rendererRss(profile: string): Map<number, number> {
  const browserPid = processesUnder(1).find((process) => process.cmdline.includes(`--user-data-dir=${profile}`) && !process.cmdline.includes('--type='))?.pid;
  const rss = new Map<number, number>();
  if (browserPid === undefined) return rss;
  for (const { pid } of processesUnder(browserPid).filter((process) => process.cmdline.includes('--type=renderer'))) {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    if (kb) rss.set(pid, Number(kb) / 1024);
  }
  return rss;
}

interface Recording {
  /** Per piece spoken after the engine was ready: ms from its speech's start to its first words on screen. */
  firstWordsMs: number[];
  /** Pieces spoken while the engine was still loading (not counted). */
  beforeReady: number;
  /** Pieces whose start found the piece before still provisional. */
  unsettled: number;
  readyMs: number;
  longestTaskMs: number;
  /** The window in which the fake microphone's file started (getUserMedia's call to its answer), ms. */
  alignmentMs: number;
  rssBeforeMb: number;
  rssPeakMb: number;
}

async function record(page: Page, profile: string, pieces: Piece[], seconds: number): Promise<Recording> {
  const before = rendererRss(profile);
  const mark = await page.evaluate(() => (window as unknown as { liveProbe: Probe }).liveProbe.changes.length);
  await page.getByRole('button', { name: RECORDER_TEXTS.record, exact: true }).click();
  const peak = new Map(before);
  const until = Date.now() + seconds * 1000 + 1500;
  while (Date.now() < until) {
    for (const [id, mb] of rendererRss(profile)) peak.set(id, Math.max(peak.get(id) ?? 0, mb));
    await page.waitForTimeout(1000);
  }
  await page.getByRole('button', { name: RECORDER_TEXTS.stop }).click();
  await page.getByRole('button', { name: RECORDER_TEXTS.record, exact: true }).waitFor({ timeout: 30_000 });
  const probe = await page.evaluate(() => (window as unknown as { liveProbe: Probe }).liveProbe);
  const microphone = probe.microphone.at(-1)!;
  // Conservative: the file started at or after the call, so times from the call overstate the delay.
  const start = microphone.called;
  const changes = probe.changes.slice(mark).map((change) => ({ ...change, at: change.at - start }));
  // The panel of the recording before stays until this one's engine starts loading.
  const loadingFrom = changes.findIndex((change) => change.loading);
  const readyMs = changes.slice(loadingFrom).find((change) => !change.loading)?.at ?? Infinity;
  const firstWordsMs: number[] = [];
  let beforeReady = 0;
  let unsettled = 0;
  for (const piece of pieces) {
    if (piece.onsetMs < readyMs) {
      beforeReady++;
      continue;
    }
    const prior = changes.filter((change) => change.at <= piece.onsetMs).at(-1);
    if (prior?.partial) unsettled++;
    const shown = changes.find((change) => change.at > piece.onsetMs && change.words > (prior?.words ?? 0) && (change.partial || change.finals > (prior?.finals ?? 0)));
    if (shown) firstWordsMs.push(shown.at - piece.onsetMs);
  }
  // The renderer that grew is the page's (its worker's memory is counted in it).
  const grown = [...peak].map(([id, mb]) => ({ before: before.get(id) ?? 0, peak: mb })).sort((a, b) => b.peak - b.before - (a.peak - a.before))[0]!;
  return {
    firstWordsMs,
    beforeReady,
    unsettled,
    readyMs,
    longestTaskMs: Math.max(0, ...probe.longTasks.filter((task) => task.start >= start).map((task) => task.ms)),
    alignmentMs: microphone.answered - microphone.called,
    rssBeforeMb: grown.before,
    rssPeakMb: grown.peak,
  };
}

export async function measureLiveInChromium(): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-live-browser-'));
  const clip = joinedClip(dir);
  const served: { path: string; status: number }[] = [];
  const stack = await startLocalStack({ port: await freePort(), dataDir: join(dir, 'data'), requestLog: (_method, path, status) => served.push({ path, status }) });
  const profile = join(dir, 'chromium-profile');
  let context: BrowserContext | undefined;
  try {
    const account = await signedUpBrowser(stack, `bench-live-${Date.now()}@example.com`);
    // A profile on disk, as a person's browser has: an off-the-record context (newContext) fetched the large model files again.
    context = await chromium.launchPersistentContext(profile, { executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${clip.wav}`], baseURL: stack.url, permissions: ['microphone'] });
    const [name, value] = account.sessionCookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: stack.url }]);
    await context.addInitScript(pageProbe, LIVE_TEXTS.loading);
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/dashboard');
    await page.getByRole('switch', { name: LIVE_TEXTS.switchLabel }).waitFor();
    const liveFiles = () => served.filter((request) => request.path.startsWith('/live/'));
    const load = () => loadavg().map((value) => value.toFixed(1)).join(' ');
    const loadBefore = load();
    const first = await record(page, profile, clip.pieces, clip.seconds);
    const firstFiles = liveFiles().length;
    const firstBytes = liveFiles().reduce((sum, request) => sum + (request.status === 200 ? statSync(join(ROOT, 'web/dist', request.path)).size : 0), 0);
    const second = await record(page, profile, clip.pieces, clip.seconds);
    const secondRequests = liveFiles().slice(firstFiles);
    console.log(`  second recording's requests for /live/: ${secondRequests.map((request) => `${request.path} ${request.status}`).join(', ') || 'none'}`);
    const secondBytes = secondRequests.reduce((sum, request) => sum + (request.status === 200 ? statSync(join(ROOT, 'web/dist', request.path)).size : 0), 0);
    const loadAfter = load();
    const latencies = [...first.firstWordsMs, ...second.firstWordsMs];
    console.log(`  load average before ${loadBefore}, after ${loadAfter}`);
    for (const [index, run] of [first, second].entries()) {
      console.log(
        `  recording ${index + 1}: ready ${Math.round(run.readyMs)} ms after getUserMedia; first words ${run.firstWordsMs.map(Math.round).join(', ')} ms; ${run.beforeReady} pieces before ready, ${run.unsettled} unsettled; getUserMedia window ${Math.round(run.alignmentMs)} ms; longest task ${Math.round(run.longestTaskMs)} ms; renderer ${Math.round(run.rssBeforeMb)} → ${Math.round(run.rssPeakMb)} MB`,
      );
    }
    return [
      atMost('live', 'first words on screen after they are spoken, in Chromium (median over the pieces of 2 recordings)', round(percentile(latencies, 0.5) / 1000, 2), 's', 1.5),
      info('live', 'pieces timed for first words, in Chromium', latencies.length, ''),
      info('live', 'load average (1 min) at the end of the Chromium live figures, 2 cores', Number(loadavg()[0]!.toFixed(1)), ''),
      info('live', 'first words on screen, in Chromium: longest', round(Math.max(...latencies) / 1000, 2), 's'),
      info('live', 'engine ready after the microphone opened, first recording (files downloaded)', round(first.readyMs / 1000, 2), 's'),
      info('live', 'engine ready after the microphone opened, second recording (files cached)', round(second.readyMs / 1000, 2), 's'),
      atMost('live', "page's longest main-thread task while live runs, in Chromium", Math.round(Math.max(first.longestTaskMs, second.longestTaskMs)), 'ms', 200),
      info('live', "renderer process's memory (page and live worker), in Chromium: before the first recording", Math.round(first.rssBeforeMb), 'MB'),
      info('live', "renderer process's memory while live runs, in Chromium: peak", Math.round(Math.max(first.rssPeakMb, second.rssPeakMb)), 'MB'),
      info('live', 'files a first recording fetched from the app, in Chromium', firstFiles, ''),
      info('live', 'bytes a first recording fetched from the app, in Chromium', round(firstBytes / 1024 / 1024, 1), 'MB'),
      atMost('live', 'requests for /live/ files a second recording sent to the app, in Chromium', secondRequests.length, '', 0),
      atMost('live', 'bytes a second recording fetched from the app, in Chromium', secondBytes, 'B', 0),
    ];
  } finally {
    await context?.close();
    await stack.stop();
    // The profile holds the 42 MB of cached engine files.
    rmSync(dir, { recursive: true, force: true });
  }
}
