// The local stand-in for Google sign-in: an OpenID provider (oidc-provider, ESM only, hence its own
// process) on a free loopback port, with one public client (PKCE) registered for the app's callback.
// Its sign-in page asks for an e-mail address and a name: no Google account is involved, and the
// same callback code that talks to Google through Cognito in AWS runs against it. Anyone who can open
// the page could be anyone, so it signs in only the addresses the operator allowed (`allowed`:
// exact addresses or `*@domain`; none by default).
// Settings come as JSON in the GOOGLE_STAND_IN environment variable: { clientId, redirectUris, appName, allowed }.
// The IPC channel closes when the parent dies, even by SIGKILL: exit rather than linger.
process.on('disconnect', () => process.exit(0));

import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import Provider from 'oidc-provider';

const settings = JSON.parse(process.env.GOOGLE_STAND_IN ?? '{}');
const LOOPBACK = '127.0.0.1';
const MAX_FORM_BYTES = 16 * 1024;

/** Who signed in, by account id (the `sub`): what the ID token says about them. */
const accounts = new Map();
const allowed = (settings.allowed ?? []).map((entry) => String(entry).trim().toLowerCase()).filter(Boolean);
/** Whether the operator allowed this address (exactly, or by `*@domain`). */
const isAllowed = (email) => allowed.some((entry) => (entry.startsWith('*@') ? email.endsWith(entry.slice(1)) : email === entry));
const HOW_TO_ALLOW = 'This local stand-in for Google signs in only the addresses listed when the app was started, for example <code>LOCAL_GOOGLE_ACCOUNTS=you@example.com npm start</code> (several separated by commas; <code>*@example.com</code> for a whole domain).';
const accountIdFor = (email) => createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 24);

const escapeHtml = (value) =>
  String(value).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

function page(title, body) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f1f3f4; color: #202124; }
  main { width: min(420px, calc(100vw - 32px)); background: #fff; border-radius: 12px; padding: 32px; box-shadow: 0 1px 3px rgba(0,0,0,.15); box-sizing: border-box; }
  h1 { font-size: 1.5rem; font-weight: 500; margin: 12px 0 4px; }
  p { line-height: 1.5; margin: 0 0 16px; color: #444; }
  p[role=alert] { color: #8a1c12; background: #fce8e6; padding: 8px 12px; border-radius: 6px; }
  .badge { display: inline-block; font-size: .75rem; font-weight: 600; letter-spacing: .02em; background: #fef7e0; color: #8a5a00; padding: 2px 8px; border-radius: 999px; }
  label { display: block; font-weight: 500; margin: 16px 0 6px; }
  input[type=email], input[type=text] { width: 100%; box-sizing: border-box; font: inherit; padding: 10px 12px; border: 1px solid #c4c7c5; border-radius: 6px; }
  input:focus-visible, button:focus-visible { outline: 3px solid #1a73e8; outline-offset: 2px; }
  .check { display: flex; gap: 8px; align-items: center; font-weight: 400; }
  .hint { font-size: .85rem; color: #5f6368; margin: 6px 0 0; }
  .actions { display: flex; justify-content: space-between; align-items: center; margin-top: 24px; gap: 12px; }
  button { font: inherit; font-weight: 600; border-radius: 6px; padding: 10px 20px; cursor: pointer; }
  .primary { background: #1a73e8; color: #fff; border: 0; }
  .secondary { background: transparent; color: #1a73e8; border: 1px solid #c4c7c5; }
</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

function signInPage({ uid, clientName, email, name, refused = false }) {
  const allowedList = allowed.length === 0 ? '<p role="alert">No address is allowed yet. ' + HOW_TO_ALLOW + '</p>' : '';
  const refusal = refused ? `<p role="alert">${escapeHtml(email)} is not allowed to sign in here. ${HOW_TO_ALLOW}</p>` : '';
  return page(
    'Sign in with Google (local stand-in)',
    `<span class="badge">Local stand-in for Google</span>
<h1>Sign in with Google</h1>
<p>This is the local stand-in for Google sign-in: no Google account is used. Enter an allowed e-mail address to continue to ${escapeHtml(clientName)} as that person.</p>
${allowedList}${refusal}
<form method="post" action="/interaction/${escapeHtml(uid)}/login" autocomplete="on">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" required autofocus value="${escapeHtml(email)}" autocomplete="email">
  <label for="name">Name</label>
  <input id="name" name="name" type="text" value="${escapeHtml(name)}" autocomplete="name" aria-describedby="name-hint">
  <p id="name-hint" class="hint">Optional. Shown by the app as your name.</p>
  <label class="check"><input type="checkbox" name="email_verified" value="true" checked> Verified address (untick to try an unverified one)</label>
  <div class="actions">
    <button type="submit" formaction="/interaction/${escapeHtml(uid)}/abort" formnovalidate class="secondary">Cancel</button>
    <button type="submit" class="primary">Continue</button>
  </div>
</form>`,
  );
}

async function readForm(req) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES) throw Object.assign(new Error('Form too large'), { status: 413 });
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function send(res, status, html) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-frame-options': 'DENY' });
  res.end(html);
}

const nameFromEmail = (email) =>
  email
    .split('@')[0]
    .split(/[._-]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join(' ');

async function main() {
  const server = createServer();
  server.listen(0, LOOPBACK);
  await new Promise((resolve) => server.once('listening', resolve));
  const issuer = `http://${LOOPBACK}:${server.address().port}`;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: settings.clientId,
        client_name: settings.appName ?? 'the app',
        // A public client, like the Cognito app client in AWS: PKCE instead of a secret.
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code'],
        response_types: ['code'],
        redirect_uris: settings.redirectUris,
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    pkce: { required: () => true },
    scopes: ['openid', 'email', 'profile'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Like Google and Cognito: the e-mail and name are in the ID token itself.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    // Our own app is a first-party client: no consent screen, like Google for a configured client.
    async loadExistingGrant(ctx) {
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId, grant.jti);
      return grant;
    },
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...account }) };
    },
    ttl: { AuthorizationCode: 120, Interaction: 600, Session: 600, Grant: 600, IdToken: 600, AccessToken: 600 },
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = page('Sign-in error', `<h1>Sign-in error</h1><p>${escapeHtml(out.error)}: ${escapeHtml(out.error_description ?? '')}</p>`);
    },
  });
  const callback = provider.callback();

  server.on('request', async (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const interaction = /^\/interaction\/([\w-]+)(?:\/(login|abort))?$/.exec(url.pathname);
    try {
      if (!interaction) {
        // Each authorization request shows the sign-in page (like Google's account chooser): the
        // stand-in's own session cookie is not offered to it, so another person can sign in next.
        if (url.pathname === '/auth' && req.headers.cookie) {
          req.headers.cookie = req.headers.cookie
            .split(';')
            .filter((cookie) => !/^\s*_session(\.legacy)?(\.sig)?=/.test(cookie))
            .join(';');
        }
        callback(req, res);
        return;
      }
      const [, uid, action] = interaction;
      const details = await provider.interactionDetails(req, res);
      if (details.uid !== uid) return send(res, 400, page('Sign-in error', '<h1>Sign-in error</h1><p>This sign-in page has expired. Start again from the app.</p>'));
      if (!action && req.method === 'GET') {
        const client = await provider.Client.find(details.params.client_id);
        const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : '';
        return send(res, 200, signInPage({ uid, clientName: client?.clientName ?? 'the app', email: hint, name: '' }));
      }
      if (req.method !== 'POST') return send(res, 405, page('Not allowed', '<h1>Not allowed</h1>'));
      const form = await readForm(req);
      if (action === 'abort') {
        return await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The user cancelled the sign-in.' }, { mergeWithLastSubmission: false });
      }
      const email = (form.get('email') ?? '').trim().toLowerCase();
      const name = (form.get('name') ?? '').trim();
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
        const client = await provider.Client.find(details.params.client_id);
        return send(res, 400, signInPage({ uid, clientName: client?.clientName ?? 'the app', email, name }));
      }
      if (!isAllowed(email)) {
        const client = await provider.Client.find(details.params.client_id);
        return send(res, 403, signInPage({ uid, clientName: client?.clientName ?? 'the app', email, name, refused: true }));
      }
      const accountId = accountIdFor(email);
      accounts.set(accountId, { email, email_verified: form.get('email_verified') === 'true', name: name || nameFromEmail(email) });
      await provider.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false });
    } catch (error) {
      if (!res.headersSent) send(res, error.status ?? 400, page('Sign-in error', `<h1>Sign-in error</h1><p>${escapeHtml(error.message)}. Start again from the app.</p>`));
    }
  });

  process.send({ type: 'ready', issuer });
}

main().catch((error) => {
  console.error('The local Google stand-in could not start:', error);
  process.exit(1);
});
