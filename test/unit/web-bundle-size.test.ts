/**
 * The initial JavaScript of the built web app (what index.html loads before the first screen: its module
 * script and the chunks it preloads) stays under 200 KB gzip. Runs when web/dist is built (npm run build:web).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { initialScriptSizes } from '../bench/web-bundle';

const DIST = resolve(__dirname, '../../web/dist');
const LIMIT_BYTES = 200 * 1024;

const built = existsSync(join(DIST, 'index.html'));

(built ? describe : describe.skip)('initial bundle', () => {
  it('is under 200 KB gzip', () => {
    const sizes = initialScriptSizes(DIST);
    expect(sizes.length).toBeGreaterThan(0);
    const total = sizes.reduce((sum, file) => sum + file.gzip, 0);
    // Printed so the figure can be reported.
    console.log(`initial JS: ${(total / 1024).toFixed(1)} KB gzip (${sizes.map((file) => `${file.src} ${(file.gzip / 1024).toFixed(1)}`).join(', ')})`);
    expect(total).toBeLessThan(LIMIT_BYTES);
  });
});
