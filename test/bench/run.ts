/**
 * `npm run bench`: the figures of docs/benchmark.md beside their targets. Prints a table and writes
 * test/bench/results.json. Measures; asserts nothing (a missed target is reported, not failed).
 * `npm run bench -- bundles stack` measures only those steps (names in STEPS); the figures of the others
 * stay in results.json as they were last measured.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startLocalStack } from '../../infra/local/stack';
import { freePort } from '../integration/local-stack';
import { measureAsk, measureAskHits } from './ask';
import { measureBundles } from './bundles';
import { measureConversion } from './conversion';
import { measureEditCpu, measureEditLoad } from './edits';
import { measureFairness } from './fairness';
import { costPerAudioHour } from './cost';
import type { Figure } from './figures';
import { atMost, round } from './figures';
import { measureScale } from './scale';
import { measureSearch } from './search';
import { measureSpeakers } from './speakers';
import { measureSummary } from './summary';
import { measureLanguage, measureSpeech } from './speech';
import { measureTranslation } from './translation';
import { measureLive } from './live';
import { measureLiveInChromium } from './live-browser';
import { measureLists, measureStack } from './stack-figures';
import { initialScriptSizes } from './web-bundle';

const ROOT = resolve(__dirname, '../..');
const RESULTS = join(ROOT, 'test/bench/results.json');
const STEPS = ['speech', 'language', 'speakers', 'translation', 'summary', 'stack', 'lists', 'search', 'ask', 'fairness', 'edits', 'conversion', 'bundles', 'web', 'live', 'cost', 'scale'] as const;
type StepName = (typeof STEPS)[number];

/** The steps asked for on the command line; all of them when none is named. */
function chosenSteps(args: string[]): Set<StepName> {
  const unknown = args.filter((arg) => !(STEPS as readonly string[]).includes(arg));
  if (unknown.length > 0) throw new Error(`Unknown bench step ${unknown.join(', ')}: choose from ${STEPS.join(', ')}.`);
  return new Set(args.length > 0 ? (args as StepName[]) : STEPS);
}

/** The figures last stored, less those measured now; each says when it was measured. */
function keptFigures(measured: Figure[]): (Figure & { measuredAt?: string })[] {
  if (!existsSync(RESULTS)) return [];
  const fresh = new Set(measured.map((figure) => `${figure.group}/${figure.name}`));
  const stored = JSON.parse(readFileSync(RESULTS, 'utf8')) as { measuredAt: string; figures: (Figure & { measuredAt?: string })[] };
  return stored.figures.filter((figure) => !fresh.has(`${figure.group}/${figure.name}`)).map((figure) => ({ measuredAt: stored.measuredAt, ...figure }));
}

function printTable(figures: Figure[]): void {
  const rows = figures.map((figure) => [figure.group, figure.name, `${figure.value} ${figure.unit}`.trim(), figure.target ?? '', figure.ok === undefined ? '' : figure.ok ? 'ok' : 'MISSED']);
  const widths = [0, 1, 2, 3, 4].map((column) => Math.max(...rows.map((row) => row[column]!.length), 6));
  for (const row of [['group', 'figure', 'value', 'target', ''], ...rows]) console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join('  '));
}

async function main(): Promise<void> {
  const chosen = chosenSteps(process.argv.slice(2));
  const figures: Figure[] = [];
  const step = async (name: StepName, label: string, measure: () => Promise<Figure[]> | Figure[]) => {
    if (!chosen.has(name)) return;
    process.stdout.write(`measuring ${label}...\n`);
    figures.push(...(await measure()));
  };

  await step('speech', 'the local speech engine', measureSpeech);
  await step('language', 'the language check alone, every clip sent as English', measureLanguage);
  await step('speakers', 'speaker identification on voices it was not tuned on', measureSpeakers);
  await step('translation', 'what the local translation pairs leave untranslated', measureTranslation);
  await step('summary', 'key points and topic on transcripts they were not tuned on', measureSummary);
  if (['stack', 'lists', 'search', 'ask', 'fairness', 'edits'].some((name) => chosen.has(name as StepName))) {
    // The API under load goes far past one user's request limit on purpose: its requests are still counted as
    // at the default limit (a write per 10, in the latencies), none refused.
    process.env.REQUEST_LIMIT_PER_USER ??= '1000000000';
    process.env.REQUEST_LIMIT_PER_ADDRESS ??= '1000000000';
    // Its users all sign up from this machine.
    process.env.SIGNUP_LIMIT_PER_ADDRESS ??= '1000000000';
    const stack = await startLocalStack({ port: await freePort(), dataDir: mkdtempSync(join(tmpdir(), 'bench-stack-')) });
    try {
      await step('stack', 'the workflow and the API under load', () => measureStack(stack));
      await step('lists', 'the list page against the session check', () => measureLists(stack));
      await step('search', 'search over 1,000 transcripts', () => measureSearch(stack));
      await step('ask', 'Ask over 1,000 transcripts, and its hit rate', async () => [...(await measureAskHits()), ...(await measureAsk(stack))]);
      await step('fairness', "a short job's wait behind another user's long queue", () => measureFairness(stack));
      await step('edits', 'corrections: a 10,000-word group, and another user during the largest', async () => [...measureEditCpu(), ...(await measureEditLoad(stack))]);
    } finally {
      await stack.stop();
    }
  }
  await step('conversion', 'converting a recording Transcribe does not read', measureConversion);
  await step('bundles', 'the Lambda bundles', measureBundles);
  await step('web', 'the web app', () => {
    const total = initialScriptSizes(join(ROOT, 'web/dist')).reduce((sum, file) => sum + file.gzip, 0);
    return [atMost('web', 'initial JavaScript (gzip)', round(total / 1024, 1), 'KB', 200)];
  });
  await step('live', 'the in-browser live engine (its worker code on real speech, its downloads; the app in Chromium with a fake microphone)', async () => [...(await measureLive()), ...(await measureLiveInChromium())]);
  const transitions = [...figures, ...keptFigures(figures)].find((figure) => figure.name === 'state transitions per job')?.value ?? 12;
  await step('cost', 'the cost per audio hour', () => costPerAudioHour(transitions));
  await step('scale', 'a week at 10,000 jobs a day through admission, simulated', measureScale);

  console.log('');
  printTable(figures);
  const stored = chosen.size === STEPS.length ? figures : [...keptFigures(figures), ...figures];
  writeFileSync(RESULTS, `${JSON.stringify({ measuredAt: new Date().toISOString(), machine: `${process.platform} ${process.arch}, node ${process.version}`, steps: [...chosen], figures: stored }, null, 2)}\n`);
  console.log('\nWritten to test/bench/results.json');
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
