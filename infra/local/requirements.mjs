/**
 * What the machine needs beyond npm packages: Debian packages, and the commands by which the local
 * runner checks for them. Plain JavaScript: setup.mjs reads it before node_modules exists.
 */

/** Speech decoding (ffmpeg; the speech models come in npm packages) and translation (the Apertium pairs of docs/architecture.md#two-deployments). */
export const APP_PACKAGES = [
  'ffmpeg',
  'apertium',
  'apertium-eng-spa',
  'apertium-eng-cat',
  'apertium-en-gl',
  'apertium-eo-en',
  'apertium-fr-es',
  'apertium-es-pt',
  'apertium-es-it',
];

/** Tests also need a browser (Debian's, never a downloaded one) and voices to speak fixtures. */
export const TEST_PACKAGES = ['chromium', 'espeak-ng', 'flite'];

/** `npm run bench` compares the speech engine with pocketsphinx, the first local engine, on the same clips. */
export const BENCH_PACKAGES = ['pocketsphinx', 'pocketsphinx-en-us'];

/** Commands the local app runs, and the Debian package that brings each. */
export const APP_COMMANDS = {
  ffmpeg: 'ffmpeg',
  apertium: 'apertium',
};
