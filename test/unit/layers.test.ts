/**
 * The layers (issue 26 points 1 and 2, eslint.config.mjs): lint refuses an upward import of the server, a
 * service importing the HTTP edge, a handler or the workflow reaching past the services, an import circle or a web feature
 * importing the app shell, and no circle hides in type-only imports, which import-x/no-cycle does not follow.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';

const ROOT = resolve(__dirname, '../..');
const FUNCTIONS = join(ROOT, 'functions');

/** ESLint's messages for `code` as if it were the file at `path` (nothing is written to disk). */
async function lintAs(path: string, code: string): Promise<string[]> {
  const run = promisify(execFile)(process.execPath, [join(ROOT, 'node_modules/eslint/bin/eslint.js'), '--format', 'json', '--stdin', '--stdin-filename', path], { cwd: ROOT });
  run.child.stdin?.end(code);
  const output = await run.then(({ stdout }) => stdout, (failure: { stdout: string }) => failure.stdout);
  return (JSON.parse(output) as { messages: { ruleId: string }[] }[])[0]!.messages.map((message) => message.ruleId);
}

test('lint fails on an upward import, an import circle, and a web feature importing the app shell', async () => {
  const [dataToServices, domainToPlatform, servicesToWrapper, servicesToHttp, apiToData, apiToStorage, circle, featureToShell] = await Promise.all([
    lintAs('functions/data/planted.ts', "import { take } from '../services/throttle';\nexport const planted = take;\n"),
    lintAs('functions/domain/planted.ts', "import { getConfig } from '../platform/config';\nexport const planted = getConfig;\n"),
    lintAs('functions/services/planted.ts', "import { takeRequest } from '../http/request-limits';\nexport const planted = takeRequest;\n"),
    // Both passed lint before issue 26 point 2: services used http/http.ts's errors and cookies, handlers the table.
    lintAs('functions/services/planted.ts', "import { HttpError } from '../http/http';\nexport const planted = HttpError;\n"),
    lintAs('functions/api/planted.ts', "import { findTranscript } from '../data/transcripts';\nexport const planted = findTranscript;\n"),
    lintAs('functions/api/planted.ts', "import { putJson } from '../storage/media-store';\nexport const planted = putJson;\n"),
    // job-progress.ts is imported by transcript-view.ts: importing it back closes a circle.
    lintAs('functions/domain/job-progress.ts', `${readFileSync(join(FUNCTIONS, 'domain/job-progress.ts'), 'utf8')}\nimport { effectiveStatus } from './transcript-view';\nexport const planted = effectiveStatus;\n`),
    lintAs('web/src/features/planted/planted.ts', "import { router } from '../../app/router';\nexport const planted = router;\n"),
  ]);
  expect(dataToServices).toEqual(['import-x/no-restricted-paths']);
  expect(domainToPlatform).toEqual(['import-x/no-restricted-paths']);
  expect(servicesToWrapper).toEqual(['import-x/no-restricted-paths']);
  expect(servicesToHttp).toEqual(['import-x/no-restricted-paths']);
  expect(apiToData).toEqual(['import-x/no-restricted-paths']);
  expect(apiToStorage).toEqual(['import-x/no-restricted-paths']);
  expect(circle).toContain('import-x/no-cycle');
  expect(featureToShell).toContain('import-x/no-restricted-paths');
}, 180_000);

test('the workflow reaches the transcript only through the transcript service\'s jobs module (issue 26 point 2)', async () => {
  // Each passed lint before: the workflow read and wrote the item, the body and the search entry itself.
  const planted = await Promise.all([
    "import { updateTranscript } from '../data/transcripts';\nexport const planted = updateTranscript;\n",
    "import { bodyKey } from '../storage/media-store';\nexport const planted = bodyKey;\n",
    "import { indexTranscriptQuietly } from '../storage/search-store';\nexport const planted = indexTranscriptQuietly;\n",
    "import { releaseHold } from '../services/transcripts/quota-holds';\nexport const planted = releaseHold;\n",
    // The service's index would bring the whole service (the docx writer too) into the workflow's bundle.
    "import { readTranscript } from '../services/transcripts';\nexport const planted = readTranscript;\n",
  ].map((code) => lintAs('functions/workflow/planted.ts', code)));
  expect(planted).toEqual([...Array(5)].map((_, index) => [index === 1 ? 'no-restricted-imports' : 'import-x/no-restricted-paths']));
  // The door, and the engine's own files in storage, stay open.
  expect(await lintAs('functions/workflow/planted.ts', "import { failJob } from '../services/transcripts/jobs';\nimport { getJson, transcribeOutputKey } from '../storage/media-store';\nexport const planted = [failJob, getJson, transcribeOutputKey];\n")).toEqual([]);
}, 180_000);

test('the shared transcript module (web/src/transcript) imports no feature', async () => {
  expect(await lintAs('web/src/transcript/planted.ts', "import { TranscribedFilesTab } from '@web/features/library/components/transcribed-files-tab';\nexport const planted = TranscribedFilesTab;\n")).toContain('import-x/no-restricted-paths');
}, 180_000);

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : []));

/** Every relative import of a file, type-only ones included, as resolved file paths. */
function importsOf(file: string, files: Set<string>): string[] {
  const specifiers = [...readFileSync(file, 'utf8').matchAll(/(?:from|import\(|require\()\s*'(\.{1,2}\/[^']+)'/g)].map((match) => match[1]!);
  return specifiers.map((specifier) => resolve(dirname(file), specifier)).flatMap((base) => [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].filter((path) => files.has(path)).slice(0, 1));
}

test('no import circle in functions/, counting type-only imports', () => {
  const files = new Set(sourceFiles(FUNCTIONS));
  const state = new Map<string, 'open' | 'done'>();
  const circles: string[] = [];
  const visit = (file: string, path: string[]): void => {
    state.set(file, 'open');
    for (const next of importsOf(file, files)) {
      if (state.get(next) === 'open') circles.push([...path.slice(path.indexOf(next)), next].map((step) => relative(ROOT, step)).join(' → '));
      else if (!state.has(next)) visit(next, [...path, next]);
    }
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file, [file]);
  expect(circles).toEqual([]);
});
