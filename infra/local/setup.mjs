#!/usr/bin/env node
/**
 * Installs what the local deployment (and, with --test, the test suite; with --bench, the benchmark) needs, and is quick when all
 * is there. Plain JavaScript with no dependencies: it runs before node_modules exists.
 * Steps: Debian packages (apt-get as root, else the exact command), npm packages (npm install --no-save when
 * the lock file changed), the web build (when web/ sources are newer than web/dist); with --test, the ffmpeg of the
 * workflow's Lambda layer (infra/layers/ffmpeg), which the infra tests synthesize from several processes at once.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_PACKAGES, BENCH_PACKAGES, TEST_PACKAGES } from './requirements.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const forTests = process.argv.includes('--test');
const forBench = process.argv.includes('--bench');

function fail(message) {
  console.error(`\n${message}\n`);
  process.exit(1);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.error) fail(`Could not run ${command}: ${result.error.message}`);
  return result.status === 0;
}

function missingDebianPackages(packages) {
  let out = '';
  try {
    out = execFileSync('dpkg-query', ['-W', '-f=${Package} ${db:Status-Status}\\n', ...packages], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch (error) {
    // dpkg-query exits 1 when some package is unknown; its stdout still lists the known ones.
    out = error.stdout ?? '';
  }
  const installed = new Set(
    out
      .split('\n')
      .filter((line) => line.endsWith(' installed'))
      .map((line) => line.split(' ')[0]),
  );
  return packages.filter((name) => !installed.has(name));
}

function ensureDebianPackages() {
  if (!existsSync('/usr/bin/dpkg-query')) {
    console.warn('Not a Debian system: install ffmpeg, Apertium and Chromium yourself (pocketsphinx with its en-us model for `npm run bench`).');
    return;
  }
  const missing = missingDebianPackages([...APP_PACKAGES, ...(forTests ? TEST_PACKAGES : []), ...(forBench ? BENCH_PACKAGES : [])]);
  if (missing.length === 0) return;
  const install = ['install', '-y', '--no-install-recommends', ...missing];
  if (process.getuid?.() !== 0) {
    fail(`Missing Debian packages: ${missing.join(', ')}.\nInstall them with:\n  sudo apt-get update && sudo apt-get ${install.join(' ')}`);
  }
  console.log(`Installing Debian packages: ${missing.join(', ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!run('apt-get', install, { env })) {
    // A fresh machine has no package lists yet.
    if (!run('apt-get', ['update'], { env }) || !run('apt-get', install, { env })) {
      fail(`Could not install ${missing.join(', ')} with apt-get.`);
    }
  }
}

function ensureNpmPackages() {
  const lock = readFileSync(join(root, 'package-lock.json'));
  const digest = createHash('sha256').update(lock).digest('hex');
  const stamp = join(root, 'node_modules', '.deps-stamp');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === digest) return;
  console.log('Installing npm packages...');
  // Not `npm ci`: npm 11 leaves other platforms' optional binaries (swc, esbuild) out of the lock file and then
  // refuses it in `npm ci`; `npm install` installs exactly the locked versions all the same. --no-save: it
  // would write those binaries back into the lock, leaving a changed file in every checkout (and the stamp
  // below stale, so the next start installed again).
  if (!run('npm', ['install', '--no-audit', '--no-fund', '--no-save'])) fail('npm install failed: see the messages above.');
  writeFileSync(stamp, digest);
}

/** The layer's own lock (infra/constructs/ffmpeg-layer.ts installs it too, for a synth on its own). */
function ensureLayerPackages() {
  const dir = join(root, 'infra', 'layers', 'ffmpeg');
  const digest = createHash('sha256').update(readFileSync(join(dir, 'package-lock.json'))).digest('hex');
  const stamp = join(dir, 'node_modules', '.deps-stamp');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === digest) return;
  console.log('Installing the ffmpeg of the Lambda layer...');
  if (!run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir })) fail('npm ci in infra/layers/ffmpeg failed: see the messages above.');
  writeFileSync(stamp, digest);
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
}

function ensureWebBuild() {
  const builtAt = newestMtime(join(root, 'web', 'dist', 'index.html'));
  const sources = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.mts', 'package-lock.json'];
  const changedAt = Math.max(...sources.map((source) => newestMtime(join(root, source))));
  if (builtAt > changedAt) return;
  console.log('Building the web app...');
  if (!run('npm', ['run', '--silent', 'build:web'])) fail('The web build failed: see the messages above.');
}

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) fail(`Node.js 20.19 or newer is needed (this is ${process.version}).`);
ensureDebianPackages();
ensureNpmPackages();
if (forTests) ensureLayerPackages();
ensureWebBuild();
