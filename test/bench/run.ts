/**
 * `npm run bench`: the figures of DESIGN.md section 11 beside their targets. Prints a table and writes
 * test/bench/results.json. Measures; asserts nothing (a missed target is reported, not failed).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startLocalStack } from '../../infra/local/stack';
import { measureBundles } from './bundles';
import { measureConversion } from './conversion';
import { costPerAudioHour } from './cost';
import type { Figure } from './figures';
import { atMost, round } from './figures';
import { measureSearch } from './search';
import { measureSpeech } from './speech';
import { measureStack } from './stack-figures';
import { initialScriptSizes } from './web-bundle';

const ROOT = resolve(__dirname, '../..');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

function printTable(figures: Figure[]): void {
  const rows = figures.map((figure) => [figure.group, figure.name, `${figure.value} ${figure.unit}`.trim(), figure.target ?? '', figure.ok === undefined ? '' : figure.ok ? 'ok' : 'MISSED']);
  const widths = [0, 1, 2, 3, 4].map((column) => Math.max(...rows.map((row) => row[column]!.length), 6));
  for (const row of [['group', 'figure', 'value', 'target', ''], ...rows]) console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join('  '));
}

async function main(): Promise<void> {
  const figures: Figure[] = [];
  const step = async (label: string, measure: () => Promise<Figure[]> | Figure[]) => {
    process.stdout.write(`measuring ${label}...\n`);
    figures.push(...(await measure()));
  };

  await step('the local speech engine', measureSpeech);
  const stack = await startLocalStack({ port: await freePort(), dataDir: mkdtempSync(join(tmpdir(), 'bench-stack-')) });
  try {
    await step('the workflow and the API under load', () => measureStack(stack));
    await step('search over 1,000 transcripts', () => measureSearch(stack));
  } finally {
    await stack.stop();
  }
  await step('converting a recording Transcribe does not read', measureConversion);
  await step('the Lambda bundles', measureBundles);
  await step('the web app', () => {
    const total = initialScriptSizes(join(ROOT, 'web/dist')).reduce((sum, file) => sum + file.gzip, 0);
    return [atMost('web', 'initial JavaScript (gzip)', round(total / 1024, 1), 'KB', 200)];
  });
  const transitions = figures.find((figure) => figure.name === 'state transitions per job')?.value ?? 12;
  await step('the cost per audio hour', () => costPerAudioHour(transitions));

  console.log('');
  printTable(figures);
  writeFileSync(join(ROOT, 'test/bench/results.json'), `${JSON.stringify({ measuredAt: new Date().toISOString(), machine: `${process.platform} ${process.arch}, node ${process.version}`, figures }, null, 2)}\n`);
  console.log('\nWritten to test/bench/results.json');
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
