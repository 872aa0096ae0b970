/** The web app's initial JavaScript: what index.html loads before the first screen (module script and preloads). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export function initialScripts(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/<script\b[^>]*\bsrc="([^"]+\.js)"/g)) found.add(match[1]!);
  for (const match of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+\.js)"/g)) found.add(match[1]!);
  for (const match of html.matchAll(/<link\b[^>]*\bhref="([^"]+\.js)"[^>]*\brel="modulepreload"/g)) found.add(match[1]!);
  return [...found];
}

export interface ScriptSize {
  src: string;
  gzip: number;
}

export function initialScriptSizes(distDir: string): ScriptSize[] {
  const scripts = initialScripts(readFileSync(join(distDir, 'index.html'), 'utf8'));
  return scripts.map((src) => ({ src, gzip: gzipSync(readFileSync(join(distDir, src.replace(/^\//, ''))), { level: 9 }).length }));
}
