/**
 * The live engine's files (infra/live-assets.ts): the site's build gets only what may be published (the
 * Spanish model's licence is non-commercial), and the local gateway serves the opt-in Spanish model from
 * node_modules at its live path, cached as the rest of the live folder.
 */
import { createServer, type Server } from 'node:http';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LIVE_ASSETS_FOLDER } from '../../functions/domain/live-assets';
import { deployedLiveFiles, spanishLiveFiles } from '../../infra/live-assets';
import { createGatewayHandler } from '../../infra/local/gateway';

const NODE_MODULES = join(__dirname, '../../node_modules');

describe('live engine files', () => {
  it('the deployed ones exist and none is the non-commercial Spanish model', () => {
    const files = deployedLiveFiles(NODE_MODULES);
    expect(files.map(([, to]) => to)).toEqual(expect.arrayContaining(['ort/ort-wasm-simd-threaded.wasm', 'vad/silero_vad.onnx', 'moonshine/en/encoder_model.onnx']));
    for (const [from, to] of files) {
      expect(existsSync(from)).toBe(true);
      expect(`${from} ${to}`).not.toMatch(/non-commercial|moonshine\/es\//);
    }
    for (const [from] of spanishLiveFiles(NODE_MODULES)) expect(existsSync(from)).toBe(true);
  });

  describe('the local gateway', () => {
    const [[spanishFile, spanishPath]] = spanishLiveFiles(NODE_MODULES) as [[string, string]];
    const path = `/${LIVE_ASSETS_FOLDER}/${spanishPath}`;
    let server: Server;
    const serve = async (extraFiles?: ReadonlyMap<string, string>): Promise<string> => {
      server = createServer(createGatewayHandler({ webDir: mkdtempSync(join(tmpdir(), 'live-web-')), extraFiles }));
      await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
      return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    };
    afterEach(() => new Promise<void>((done) => server.close(() => done())));

    it('serves the Spanish model when given it, immutable', async () => {
      const answer = await fetch(`${await serve(new Map([[path, spanishFile]]))}${path}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect((await answer.arrayBuffer()).byteLength).toBeGreaterThan(1_000_000);
    });

    it('answers 404 for it otherwise (the build has no Spanish model)', async () => {
      const answer = await fetch(`${await serve()}${path}`);
      expect(answer.status).toBe(404);
    });
  });
});
