/**
 * The initial JavaScript of the built web app (what index.html loads before the first screen: its module
 * script and the chunks it preloads) stays under 200 KB gzip. Runs when web/dist is built (npm run build:web).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = resolve(__dirname, '../../web/dist');
const LIMIT_BYTES = 200 * 1024;

/** The JS files index.html loads at once: `<script type="module" src>` and `<link rel="modulepreload" href>`. */
function initialScripts(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/<script\b[^>]*\bsrc="([^"]+\.js)"/g)) found.add(match[1]!);
  for (const match of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+\.js)"/g)) found.add(match[1]!);
  for (const match of html.matchAll(/<link\b[^>]*\bhref="([^"]+\.js)"[^>]*\brel="modulepreload"/g)) found.add(match[1]!);
  return [...found];
}

const built = existsSync(join(DIST, 'index.html'));

(built ? describe : describe.skip)('initial bundle', () => {
  it('is under 200 KB gzip', () => {
    const scripts = initialScripts(readFileSync(join(DIST, 'index.html'), 'utf8'));
    expect(scripts.length).toBeGreaterThan(0);
    const sizes = scripts.map((src) => ({ src, gzip: gzipSync(readFileSync(join(DIST, src.replace(/^\//, '')))).length }));
    const total = sizes.reduce((sum, file) => sum + file.gzip, 0);
    // Printed so the figure can be reported.
    console.log(`initial JS: ${(total / 1024).toFixed(1)} KB gzip (${sizes.map((file) => `${file.src} ${(file.gzip / 1024).toFixed(1)}`).join(', ')})`);
    expect(total).toBeLessThan(LIMIT_BYTES);
  });
});
