import { fileURLToPath } from 'node:url';
import type { IncomingMessage } from 'node:http';
import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('.', import.meta.url));
/** The local app (infra/local/main.ts) serves the API on this port by default. */
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:3000';

/**
 * `/signup` is both a screen (GET, the SPA) and an API call (POST). Browser page loads of an API-ish
 * path stay with the SPA; everything else goes to the API.
 */
const spaPageBypass = (req: IncomingMessage): string | undefined =>
  req.method === 'GET' && (req.headers.accept ?? '').includes('text/html') ? '/index.html' : undefined;

const api: ProxyOptions = { target: apiTarget, changeOrigin: false };
const apiOrPage: ProxyOptions = { ...api, bypass: spaPageBypass };

export default defineConfig({
  root,
  publicDir: 'public',
  plugins: [react()],
  // The path aliases of the repository's tsconfig.json (`@web/`, `@contract/`, `@domain/`).
  resolve: { tsconfigPaths: true },
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
