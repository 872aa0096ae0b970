/**
 * Local translation with Apertium (Debian packages): English → Spanish, Catalan, Galician and
 * Esperanto directly; French, Portuguese and Italian through Spanish. Apertium has no pairs
 * from English into German, Arabic, Chinese, Russian, Hindi and the others: those are refused.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findLanguage } from '../../domain/languages';
import { EngineError } from '../engine-error';
import { runTool } from '../run-tool';
import type { TranslationEngine } from './types';

interface Route {
  name: string;
  code: string;
  /** Apertium modes applied in turn. */
  modes: readonly string[];
}

/** SPEC languages first, in SPEC order; then the languages Apertium adds. */
const ROUTES: readonly Route[] = [
  { name: 'French', code: 'fr', modes: ['eng-spa', 'es-fr'] },
  { name: 'Spanish', code: 'es', modes: ['eng-spa'] },
  { name: 'Portuguese', code: 'pt', modes: ['eng-spa', 'es-pt'] },
  { name: 'Italian', code: 'it', modes: ['eng-spa', 'spa-ita'] },
  { name: 'Catalan', code: 'ca', modes: ['eng-cat'] },
  { name: 'Galician', code: 'gl', modes: ['en-gl'] },
  { name: 'Esperanto', code: 'eo', modes: ['en-eo'] },
];

const APERTIUM_PACKAGE = 'apertium';

export class ApertiumTranslationEngine implements TranslationEngine {
  private installedModes: Promise<Set<string>> | undefined;

  async languages(): Promise<string[]> {
    return ['English', ...(await this.reachableRoutes()).map((route) => route.name)];
  }

  async translate(text: string, target: string, source?: string): Promise<string> {
    if (source !== undefined && findLanguage(source)?.code !== 'en') {
      throw new EngineError('unsupported-language', 'Local translation (Apertium) translates from English only.');
    }
    const wanted = target.trim().toLowerCase();
    if (findLanguage(wanted)?.code === 'en') return text;
    const routes = await this.reachableRoutes();
    const route = routes.find((candidate) => candidate.name.toLowerCase() === wanted || candidate.code === wanted);
    if (!route) {
      const names = routes.map((candidate) => candidate.name).join(', ');
      throw new EngineError('unsupported-language', `Local translation (Apertium) can't translate into ${target.trim()}. It can translate English into: ${names}.`);
    }
    if (!text.trim()) return text;
    let translated = text;
    for (const mode of route.modes) translated = await runApertium(mode, translated);
    return translated.trimEnd();
  }

  private async reachableRoutes(): Promise<Route[]> {
    const installed = await this.modes();
    return ROUTES.filter((route) => route.modes.every((mode) => installed.has(mode)));
  }

  /** The installed modes, asked once per process (`apertium -l` lists them). */
  private modes(): Promise<Set<string>> {
    this.installedModes ??= runTool('apertium', ['-l'], { debianPackage: APERTIUM_PACKAGE }).then(({ stdout }) => new Set(stdout.split('\n').map((line) => line.trim()).filter(Boolean)));
    this.installedModes.catch(() => (this.installedModes = undefined));
    return this.installedModes;
  }
}

/**
 * One Apertium mode over the text; -u drops the marks on unknown words. The text goes in a file:
 * apertium reads /dev/stdin, which can't be opened when stdin is Node's pipe (a socket).
 */
async function runApertium(mode: string, text: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'apertium-'));
  try {
    const input = join(dir, 'input.txt');
    await writeFile(input, text);
    const { exitCode, stdout } = await runTool('apertium', ['-u', mode, input], { debianPackage: APERTIUM_PACKAGE });
    if (exitCode !== 0) throw new EngineError('failed', `Translation failed (Apertium ${mode} exit code ${exitCode}).`);
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
