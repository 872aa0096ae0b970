/**
 * A Lambda Invoke endpoint for cognito-local's triggers: cognito-local calls
 * `POST /2015-03-31/functions/<name>/invocations` as it would call AWS Lambda, and our trigger
 * handler answers, so the CustomMessage trigger runs for real in local mode too. Only with the run's
 * token (local-token.cjs): a reset mail's trigger stores a reset link, which is for cognito-local alone to ask.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LOOPBACK, type Emulator } from './emulators';
import { tokenGate, type LocalAccess } from './local-token.cjs';

export type LambdaFunction = (event: unknown) => Promise<unknown>;

const INVOKE_PATH = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;

export async function startLambdaEndpoint(functions: Record<string, LambdaFunction>, access: LocalAccess): Promise<Emulator> {
  const server = createServer(tokenGate(access, async (req, res) => {
    const name = decodeURIComponent(INVOKE_PATH.exec(req.url ?? '')?.[1] ?? '');
    const fn = functions[name];
    if (req.method !== 'POST' || !fn) {
      res.writeHead(404, { 'content-type': 'application/json', 'x-amzn-errortype': 'ResourceNotFoundException' });
      res.end(JSON.stringify({ message: `Function not found: ${name}` }));
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
    try {
      const result = await fn(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(result ?? null));
    } catch (error) {
      // Lambda's way to report a function error: 200 with X-Amz-Function-Error and the error as payload.
      console.error(`[lambda] ${name} failed:`, error);
      res.writeHead(200, { 'content-type': 'application/json', 'x-amz-function-error': 'Unhandled' });
      res.end(JSON.stringify({ errorType: (error as Error).name, errorMessage: (error as Error).message }));
    }
  }));
  server.listen(0, LOOPBACK);
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return { endpoint: `http://${LOOPBACK}:${port}`, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
