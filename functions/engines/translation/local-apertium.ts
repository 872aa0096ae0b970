/**
 * Local translation with Apertium (Debian packages; its pairs work both ways). From English: into
 * Spanish, Catalan, Galician and Esperanto directly; French, Portuguese and Italian through Spanish.
 * From Spanish: into English, French, Portuguese and Italian directly; Catalan, Galician and
 * Esperanto through English. Apertium has no pairs for German, Arabic, Chinese, Russian, Hindi and
 * the others: those are refused with the list of what can be done.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { findLanguage, LANGUAGE_NAMES } from '../../domain/languages';
import { normalizeUnknownMarks } from '../../domain/translation';
import { EngineError } from '../engine-error';
import { runTool } from '../run-tool';
import { withWorkDir } from '../../platform/work-dir';
import type { TranslationEngine } from './types';

interface Route {
  name: string;
  code: string;
  /** Apertium modes applied in turn. */
  modes: readonly string[];
}

/** By source language (ISO code): product languages first, in product order; then the languages Apertium adds. */
const ROUTES: Readonly<Record<string, readonly Route[]>> = {
  en: [
    { name: 'French', code: 'fr', modes: ['eng-spa', 'es-fr'] },
    { name: 'Spanish', code: 'es', modes: ['eng-spa'] },
    { name: 'Portuguese', code: 'pt', modes: ['eng-spa', 'es-pt'] },
    { name: 'Italian', code: 'it', modes: ['eng-spa', 'spa-ita'] },
    { name: 'Catalan', code: 'ca', modes: ['eng-cat'] },
    { name: 'Galician', code: 'gl', modes: ['en-gl'] },
    { name: 'Esperanto', code: 'eo', modes: ['en-eo'] },
  ],
  es: [
    { name: 'English', code: 'en', modes: ['spa-eng'] },
    { name: 'French', code: 'fr', modes: ['es-fr'] },
    { name: 'Portuguese', code: 'pt', modes: ['es-pt'] },
    { name: 'Italian', code: 'it', modes: ['spa-ita'] },
    { name: 'Catalan', code: 'ca', modes: ['spa-eng', 'eng-cat'] },
    { name: 'Galician', code: 'gl', modes: ['spa-eng', 'en-gl'] },
    { name: 'Esperanto', code: 'eo', modes: ['spa-eng', 'en-eo'] },
  ],
};

const APERTIUM_PACKAGE = 'apertium';

export class ApertiumTranslationEngine implements TranslationEngine {
  private installedModes: Promise<Set<string>> | undefined;

  /** Every language some installed pair reaches, from any source (product order first); English is one (from Spanish). */
  async languages(): Promise<string[]> {
    const names = new Set<string>(['English']);
    for (const source of Object.keys(ROUTES)) for (const route of await this.reachableRoutes(source)) names.add(route.name);
    const all = Object.values(ROUTES).flat();
    return [...names].sort((a, b) => spec(a) - spec(b) || all.findIndex((route) => route.name === a) - all.findIndex((route) => route.name === b));
  }

  /** `source` defaults to English (the transcript's language, when known, is passed). */
  async translate(text: string, target: string, source = 'en'): Promise<string> {
    const from = findLanguage(source);
    const to = findLanguage(target.trim());
    if (from && to?.code === from.code) return text;
    const routes = from ? await this.reachableRoutes(from.code) : [];
    if (routes.length === 0) throw new EngineError('unsupported-language', `Translation from ${from?.name ?? source} is not available on this server.`);
    const wanted = target.trim().toLowerCase();
    const route = routes.find((candidate) => candidate.name.toLowerCase() === wanted || candidate.code === wanted);
    if (!route) {
      const names = routes.map((candidate) => candidate.name).join(', ');
      throw new EngineError('unsupported-language', `Translation into ${target.trim()} is not available on this server. ${from!.name} can be translated into: ${names}.`);
    }
    if (!text.trim()) return text;
    let translated = text;
    for (const mode of route.modes) translated = await runApertium(mode, translated);
    return normalizeUnknownMarks(translated).trimEnd();
  }

  private async reachableRoutes(source: string): Promise<Route[]> {
    const installed = await this.modes();
    return (ROUTES[source] ?? []).filter((route) => route.modes.every((mode) => installed.has(mode)));
  }

  /** The installed modes, asked once per process (`apertium -l` lists them). */
  private modes(): Promise<Set<string>> {
    this.installedModes ??= runTool('apertium', ['-l'], { debianPackage: APERTIUM_PACKAGE }).then(({ stdout }) => new Set(stdout.split('\n').map((line) => line.trim()).filter(Boolean)));
    this.installedModes.catch(() => (this.installedModes = undefined));
    return this.installedModes;
  }
}

/**
 * One Apertium mode over the text, its marks on unknown words kept (the page shows those words as untranslated
 * rather than mixing languages silently; through a pivot a mark is doubled). The text goes in a file:
 * apertium reads /dev/stdin, which can't be opened when stdin is Node's pipe (a socket).
 */
async function runApertium(mode: string, text: string): Promise<string> {
  return withWorkDir('apertium', async (dir) => {
    const input = join(dir, 'input.txt');
    await writeFile(input, text);
    const { exitCode, stdout } = await runTool('apertium', [mode, input], { debianPackage: APERTIUM_PACKAGE });
    if (exitCode !== 0) throw new EngineError('failed', `Translation failed (Apertium ${mode} exit code ${exitCode}).`);
    return stdout;
  });
}

/** Position among the product's languages (the others after them). */
function spec(name: string): number {
  const index = LANGUAGE_NAMES.indexOf(name);
  return index === -1 ? LANGUAGE_NAMES.length : index;
}
