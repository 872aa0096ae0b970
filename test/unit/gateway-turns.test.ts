/**
 * The local gateway's turns per caller (infra/local/gateway.ts): a caller's requests beyond the ones in
 * progress wait; a read whose caller left while it waited is never run (a change still is), and
 * `drained()` resolves only once nothing runs or waits, so the app stops its emulators after its requests.
 * The domain handlers are stand-ins that answer when the test lets them; the HTTP server is real.
 */
import { createServer, request, type Server } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApiEvent, ApiResult } from '../../functions/http/http';
import { createGatewayHandler } from '../../infra/local/gateway';

const started: { routeKey: string; answer: () => void }[] = [];
jest.mock('../../functions/api/handlers', () => ({
  DOMAIN_HANDLERS: {
    session: (event: ApiEvent) =>
      new Promise<ApiResult>((resolve) => started.push({ routeKey: event.routeKey, answer: () => resolve({ statusCode: 200, body: '{}' }) })),
  },
}));

let server: Server;
let gateway: ReturnType<typeof createGatewayHandler>;
let port: number;
/** Resolves once the server has seen a caller's connection close (only the test's leaving caller closes one). */
let aConnectionClosed: Promise<void>;
beforeEach(async () => {
  started.length = 0;
  gateway = createGatewayHandler({ webDir: mkdtempSync(join(tmpdir(), 'gateway-web-')) });
  server = createServer(gateway);
  aConnectionClosed = new Promise((done) => server.on('connection', (socket) => socket.on('close', () => done())));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as { port: number }).port;
});
afterEach(async () => {
  server.closeAllConnections();
  await new Promise<void>((done) => server.close(() => done()));
});

/** Sends a request as the caller with this cookie; answers its status, or null when it is dropped by `leave()`. */
function send(method: string, path: string): { status: Promise<number | null>; leave: () => void } {
  const req = request({ host: '127.0.0.1', port, method, path, headers: { cookie: 'sid=caller-one', 'content-type': 'application/json' } });
  const status = new Promise<number | null>((resolve) => {
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve(null));
  });
  req.end(method === 'POST' ? '{"email":"a@example.com","password":"x"}' : undefined);
  return { status, leave: () => req.destroy() };
}

/** Resolves once the server has taken `count` requests in (parsed, queued or running). */
const arrived = (count: number) =>
  new Promise<void>((done) => {
    let seen = 0;
    server.on('request', () => (seen += 1) === count && setImmediate(done));
  });

const nextTick = () => new Promise((done) => setImmediate(done));
async function until(holds: () => boolean): Promise<void> {
  while (!holds()) await nextTick();
}

/**
 * The caller sends two requests, which run, and a third, which waits; then leaves the third and the two are
 * answered. Answers the two's statuses.
 */
async function leaveWhileWaiting(method: string, path: string): Promise<(number | null)[]> {
  const inTurn = arrived(3);
  const running = [send('GET', '/api/session'), send('GET', '/api/session')];
  const third = send(method, path);
  await inTurn;
  await until(() => started.length >= 2);
  third.leave();
  await third.status;
  await aConnectionClosed;
  for (const { answer } of started.splice(0)) answer();
  return Promise.all(running.map(({ status }) => status));
}

it("a read whose caller left while it waited is not run; the caller's others are", async () => {
  expect(await leaveWhileWaiting('GET', '/api/session')).toEqual([200, 200]);
  // Either nothing is left to run, or the read that should not run has started.
  await Promise.race([gateway.drained(), until(() => started.length > 0)]);
  expect(started).toHaveLength(0);
});

it('a change whose caller left while it waited still runs', async () => {
  await leaveWhileWaiting('POST', '/api/login');
  await until(() => started.length >= 1);
  expect(started.map(({ routeKey }) => routeKey)).toEqual(['POST /api/login']);
  started[0]!.answer();
  await gateway.drained();
});

it('drained() waits for the requests still running', async () => {
  const one = send('GET', '/api/session');
  await until(() => started.length >= 1);
  let drained = false;
  void gateway.drained().then(() => (drained = true));
  await nextTick();
  expect(drained).toBe(false);
  started[0]!.answer();
  expect(await one.status).toBe(200);
  await nextTick();
  expect(drained).toBe(true);
});
