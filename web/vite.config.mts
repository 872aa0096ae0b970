import { fileURLToPath } from 'node:url';
import { copyFileSync, createReadStream, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { IncomingMessage } from 'node:http';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { LIVE_ASSETS_FOLDER } from '../functions/domain/live-assets';
import { deployedLiveFiles, spanishLiveFiles } from '../infra/live-assets';

const root = fileURLToPath(new URL('.', import.meta.url));
/** The local app (infra/local/main.ts) serves the API on this port by default. */
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:3000';

/**
 * `/signup` is both a screen (GET, the SPA) and an API call (POST). Browser page loads of an API-ish
 * path stay with the SPA; everything else goes to the API.
 */
const spaPageBypass = (req: IncomingMessage): string | undefined =>
  req.method === 'GET' && (req.headers.accept ?? '').includes('text/html') ? '/index.html' : undefined;

/**
 * The in-browser live engine's files (issue 29), copied from their npm packages into one versioned folder of
 * the build (LIVE_ASSETS_FOLDER), so the page fetches them from our own origin and never from a CDN: the
 * ONNX runtime's WebAssembly, Moonshine tiny English (int8 weights), Silero VAD (infra/live-assets.ts).
 */
function liveAssets(): Plugin {
  const node = join(root, '..', 'node_modules');
  const files = deployedLiveFiles(node);
  // The dev server also serves the opt-in Spanish model, as the local app does when it is on.
  const byPath = new Map([...files, ...spanishLiveFiles(node)].map(([from, to]) => [`/${LIVE_ASSETS_FOLDER}/${to}`, from]));
  return {
    name: 'live-assets',
    // The dev server serves them from node_modules at the same paths.
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const from = byPath.get((req.url ?? '').split('?')[0]!);
        if (!from) return next();
        res.setHeader('content-type', from.endsWith('.wasm') ? 'application/wasm' : from.endsWith('.mjs') ? 'text/javascript' : 'application/octet-stream');
        createReadStream(from).pipe(res);
      });
    },
    writeBundle(options) {
      for (const [from, to] of files) {
        const target = join(options.dir ?? join(root, 'dist'), LIVE_ASSETS_FOLDER, to);
        mkdirSync(dirname(target), { recursive: true });
        copyFileSync(from, target);
      }
    },
  };
}

const api: ProxyOptions = { target: apiTarget, changeOrigin: false };
const apiOrPage: ProxyOptions = { ...api, bypass: spaPageBypass };

export default defineConfig({
  root,
  publicDir: 'public',
  plugins: [react(), liveAssets()],
  resolve: {
    // The path aliases of the repository's tsconfig.json (`@web/`, `@contract/`, `@domain/`).
    tsconfigPaths: true,
    // The ONNX runtime build that loads its WebAssembly from ort.env.wasm.wasmPaths (the live folder), not one
    // that makes the bundler copy a second 14 MB .wasm into assets/.
    alias: [{ find: /^onnxruntime-web\/wasm$/, replacement: fileURLToPath(new URL('../node_modules/onnxruntime-web/dist/ort.wasm.min.mjs', import.meta.url)) }],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Libraries in their own named chunks: they change less often than the app, so browsers keep them cached.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/ },
            { name: 'amplify', test: /node_modules[\\/](aws-amplify|@aws-amplify|@aws-crypto|@aws-sdk|@smithy|tslib|js-cookie|uuid)[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: {
      '/api/': api,
      '/uploads/': api,
      '^/signup(\\?.*)?$': apiOrPage,
      '^/verify-code(\\?.*)?$': api,
      '^/logout(\\?.*)?$': api,
      // The Google login starts with a full-page GET: it must reach the API, not the SPA.
      '/login/google': api,
    },
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
    strictPort: true,
  },
});
