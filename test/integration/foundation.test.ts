/** The foundation on the real local stack: session route, gateway, workflow runner, outbox, persistence. */
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { DescribeExecutionCommand, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { cognitoClient, sfnClient } from '../../functions/platform/aws-clients';
import { setting } from '../../functions/platform/config';
import { sessionCookie } from '../../functions/http/cookies';
import { createSession } from '../../functions/services/accounts/sessions';
import { db } from '../../functions/data/db';
import { checkedFetch } from './http-client';
import { useTestStack } from './local-stack';

const stack = useTestStack({ mailPage: true });

const cookieOf = (setCookie: string) => setCookie.split(';')[0]!;

describe('GET /api/session', () => {
  it('answers 401 with a JSON error when there is no session cookie', async () => {
    const res = await checkedFetch(`${stack.url}/api/session`);
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ error: expect.any(String) });
  });

  it('answers 401 for a forged cookie', async () => {
    const res = await checkedFetch(`${stack.url}/api/session`, { headers: { cookie: `sid=${'A'.repeat(43)}` } });
    expect(res.status).toBe(401);
  });

  it('answers the session of a real stored session, and 401 once it has expired', async () => {
    const setCookie = sessionCookie(await createSession({ userId: 'user-1', email: 'ann@example.com', firstLogin: true }));
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/); // http://127.0.0.1 is not https
    const cookie = cookieOf(setCookie);

    const res = await checkedFetch(`${stack.url}/api/session`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ email: 'ann@example.com', user: 'user-1', first_login: true, sign_in_method: 'password' });

    // Expiry is checked in code (dynalite has no TTL): age the stored item and ask again.
    const { data } = await db().entities.session.query.byUser({ userId: 'user-1' }).go();
    expect(data).toHaveLength(1);
    await db().entities.session.patch({ tokenHash: data[0]!.tokenHash }).set({ expiresAt: Math.floor(Date.now() / 1000) - 1 }).go();
    const expired = await checkedFetch(`${stack.url}/api/session`, { headers: { cookie } });
    expect(expired.status).toBe(401);
  });
});

describe('local gateway', () => {
  it('answers JSON 404 for unknown API paths and refuses bodies over the API limit', async () => {
    // No route: the contract has nothing to hold this answer to.
    const unknown = await fetch(`${stack.url}/api/does-not-exist`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: expect.any(String) });

    // Declared size over the limit: refused before the body is read or any handler runs.
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${stack.url}/api/session`, { method: 'GET', headers: { 'content-length': String(11 * 1024 * 1024) } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.write('x');
    });
    expect(status).toBe(413);
  });

  it('serves the built web app for page paths (SPA routing) and 404 for missing assets', async () => {
    const page = await fetch(`${stack.url}/some/page/path`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toMatch(/<div id="root"><\/div>/);
    expect((await fetch(`${stack.url}/assets/missing-file.js`)).status).toBe(404);
    expect((await fetch(`${stack.url}/%2e%2e/%2e%2e/package.json`)).status).not.toBe(200);
  });
});

describe('workflow runner', () => {
  it('runs the ASL file with the real step handlers through the Step Functions API, ending failed with a readable reason', async () => {
    const { executionArn } = await sfnClient().send(
      new StartExecutionCommand({ stateMachineArn: setting('STATE_MACHINE_ARN'), input: JSON.stringify({ userId: 'nobody', transcriptId: 'no-such-transcript' }) }),
    );
    const ended = await stack.workflow.settled(executionArn!);
    expect(ended).toMatchObject({ status: 'FAILED', error: 'TranscriptionFailed', cause: 'The transcript no longer exists.', transitions: 3 });
    expect(Object.keys(ended.stateMs ?? {})).toEqual(expect.arrayContaining(['PrepareMedia', 'MarkFailed']));
    const described = await sfnClient().send(new DescribeExecutionCommand({ executionArn }));
    expect(described).toMatchObject({ status: 'FAILED', cause: 'The transcript no longer exists.' });
  });
});

describe('outbox', () => {
  it('writes the code cognito-local sends on sign-up as a readable mail file', async () => {
    await cognitoClient().send(
      new SignUpCommand({
        ClientId: setting('USER_POOL_CLIENT_ID'),
        Username: 'mail-test@example.com',
        Password: 'Passw0rdOk',
        UserAttributes: [{ Name: 'email', Value: 'mail-test@example.com' }],
      }),
    );
    let files: string[] = [];
    for (let i = 0; i < 50 && files.length === 0; i++) {
      files = readdirSync(stack.mailDir);
      if (files.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(files).toHaveLength(1);
    const text = readFileSync(join(stack.mailDir, files[0]!), 'utf8');
    expect(text).toMatch(/^To: mail-test@example\.com$/m);
    expect(text).toMatch(/^Subject: .+$/m);
    expect(text).toMatch(/\b\d{6}\b/);

    const page = await fetch(`${stack.url}/_local/mail`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain('mail-test@example.com');
    // Only this machine's own callers see it: not through a proxy that forwards someone else's request.
    expect((await fetch(`${stack.url}/_local/mail`, { headers: { 'x-forwarded-for': '203.0.113.7' } })).status).toBe(404);
    // Nor through a proxy on this machine that passes the public Host on but no X-Forwarded-For.
    const throughProxy = await new Promise<number>((resolve, reject) => {
      // node:http, since fetch sets the Host itself.
      request(`${stack.url}/_local/mail`, { headers: { host: 'scribely.example.org' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
        .on('error', reject)
        .end();
    });
    expect(throughProxy).toBe(404);
  });
});
