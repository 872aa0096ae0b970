/**
 * The folder, under the site's root, of the in-browser live engine's files (issue 29): the ONNX runtime's
 * WebAssembly, the Moonshine models and Silero VAD. Its name changes whenever one of them may, so both
 * deployments cache it for a year as immutable. The web build copies the files there (web/vite.config.mts).
 */
export const LIVE_ASSETS_ROOT = 'live';
/** onnxruntime-web, moonshine-js (English; its 0.1.28 for Spanish) and silero-vad, as pinned in package.json. */
export const LIVE_ASSETS_VERSION = 'ort1.30.0-m0.1.29-es0.1.28-vad1.0.3';
export const LIVE_ASSETS_FOLDER = `${LIVE_ASSETS_ROOT}/${LIVE_ASSETS_VERSION}`;
