/** Each Lambda bundle as CDK builds it (esbuild, minified, Node 22, CommonJS): size and module init time. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { DOMAINS } from '../../functions/contract';
import { LAMBDA_EXTERNAL_MODULES } from '../../infra/constructs/app-function';
import { atMost, round, type Figure } from './figures';

const ROOT = resolve(__dirname, '../..');
/** Inside the project, so that external packages resolve from node_modules. */
const OUT = join(ROOT, '.local/bench/bundles');
const EXTERNAL = [...LAMBDA_EXTERNAL_MODULES];
const ENTRIES: Record<string, string> = {
  ...Object.fromEntries(DOMAINS.map((domain) => [`api-${domain}`, `functions/api/${domain}.ts`])),
  workflow: 'functions/workflow/handler.ts',
  'custom-message': 'functions/triggers/custom-message.ts',
};
const ENV = {
  APP_MODE: 'aws',
  AWS_REGION: 'us-east-1',
  TABLE_NAME: 'bench',
  UPLOADS_BUCKET: 'bench',
  USER_POOL_ID: 'us-east-1_bench',
  USER_POOL_CLIENT_ID: 'bench',
  APP_ORIGINS: 'https://app.example.com',
};

function initMs(file: string): number {
  const script = `const t=process.hrtime.bigint();require(${JSON.stringify(file)});process.stdout.write(String(Number(process.hrtime.bigint()-t)/1e6))`;
  // Median of three cold starts, each in a fresh process.
  const runs = [0, 1, 2].map(() => Number(execFileSync(process.execPath, ['-e', script], { env: { ...process.env, ...ENV }, encoding: 'utf8' })));
  return runs.sort((a, b) => a - b)[1]!;
}

export async function measureBundles(): Promise<Figure[]> {
  mkdirSync(OUT, { recursive: true });
  const figures: Figure[] = [];
  for (const [name, entry] of Object.entries(ENTRIES)) {
    const outfile = join(OUT, `${name}.js`);
    await build({ entryPoints: [join(ROOT, entry)], outfile, bundle: true, minify: true, platform: 'node', target: 'node22', format: 'cjs', external: EXTERNAL, logLevel: 'silent' });
    figures.push(
      // The AWS SDK is bundled (infra/constructs/app-function.ts): what counts at a cold start is the init time.
      atMost('lambda', `${name} bundle`, round(statSync(outfile).size / 1024 / 1024), 'MB', 2.5),
      atMost('lambda', `${name} module init`, round(initMs(outfile), 1), 'ms', 300),
    );
  }
  return figures;
}
