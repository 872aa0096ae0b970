// The per-run token by which the app's own requests reach its local servers (issue 16, point 7). They
// listen on loopback, where every account on the machine could otherwise read and write the app's data
// (sign in as anyone through the sessions table, set anyone's password, start jobs): each answers only
// requests carrying the token. The app's SDK clients send it (functions/platform/aws-clients.ts), and the
// storage proxy adds it for the storage emulator once a request's signature is checked. Plain CommonJS,
// so that the emulators' own processes load it as they are.
const { timingSafeEqual } = require('node:crypto');

/** Whether `headers` (Node's: lower-case names) carry `access.token` in `access.tokenHeader`, compared in constant time. */
function carriesToken(headers, access) {
  const expected = Buffer.from(String(access.token || ''));
  const value = headers[access.tokenHeader];
  const given = Buffer.from(typeof value === 'string' ? value : '');
  return expected.length > 0 && given.length === expected.length && timingSafeEqual(given, expected);
}

/** 403 in the AWS JSON protocols' shape: the type in the header and in the body, as the SDKs read one or the other. */
function refuse(res) {
  res.writeHead(403, { 'content-type': 'application/json', 'x-amzn-errortype': 'AccessDeniedException' });
  res.end(JSON.stringify({ __type: 'AccessDeniedException', message: 'Only the app that started this local server may call it.' }));
}

/** `listener` behind the token: a request without it is refused. */
function tokenGate(access, listener) {
  return (req, res) => (carriesToken(req.headers, access) ? listener(req, res) : refuse(res));
}

/** Puts the token in front of each request listener of a server another library made (dynalite, cognito-local). */
function gateServer(server, access) {
  for (const listener of server.listeners('request')) {
    server.removeListener('request', listener);
    server.on('request', tokenGate(access, listener));
  }
}

module.exports = { carriesToken, tokenGate, gateServer };
