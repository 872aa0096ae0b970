/**
 * Where the live engine's files are served from: our own origin, under one versioned folder that the web
 * build fills (web/vite.config.mts, liveAssets) and both deployments cache for a year. Nothing is fetched
 * from another host: the ONNX runtime's WebAssembly, the speech models and the voice activity model.
 */
import { LIVE_ASSETS_FOLDER } from '@domain/live-assets';

export interface LiveAssetUrls {
  /** Prefix of the ONNX runtime's .wasm/.mjs files (ort.env.wasm.wasmPaths). */
  runtime: string;
  vad: string;
  /** Folder of encoder_model.onnx and decoder_model_merged.onnx, by language. */
  models: Record<string, string>;
}

export function liveAssetUrls(origin: string): LiveAssetUrls {
  const base = `${origin}/${LIVE_ASSETS_FOLDER}/`;
  return { runtime: `${base}ort/`, vad: `${base}vad/silero_vad.onnx`, models: { en: `${base}moonshine/en/`, es: `${base}moonshine/es/` } };
}
