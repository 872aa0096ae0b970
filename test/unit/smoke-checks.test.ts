/** The browser rules the smoke test applies (infra/smoke-checks.ts): CSP source matching, CORS answers, the padded WAV. */
import { cspRefusal, paddedWav, preflightRefusal, responseRefusal, scriptsOf } from '../../infra/smoke-checks';

const SITE = 'https://app.example.com';
// The policy CloudFront serves (infra/constructs/web.ts), in eu-west-1.
const AWS_CSP = "default-src 'self'; script-src 'self'; media-src 'self' blob: https://*.s3.eu-west-1.amazonaws.com; connect-src 'self' https://*.s3.eu-west-1.amazonaws.com; object-src 'none'";
const PRESIGNED = 'https://uploads-bucket.s3.eu-west-1.amazonaws.com/users/u1/media/x.wav?X-Amz-Signature=abc';

describe('cspRefusal (connect-src)', () => {
  it("allows the page's own origin and a virtual-hosted bucket of the region under a *. host", () => {
    expect(cspRefusal(AWS_CSP, 'connect-src', `${SITE}/`, `${SITE}/api/uploads`)).toBeNull();
    expect(cspRefusal(AWS_CSP, 'connect-src', `${SITE}/`, PRESIGNED)).toBeNull();
  });

  it('refuses a path-style address, another region, plain http, and says which directive', () => {
    expect(cspRefusal(AWS_CSP, 'connect-src', `${SITE}/`, 'https://s3.eu-west-1.amazonaws.com/uploads-bucket/x.wav')).toBe("connect-src ('self' https://*.s3.eu-west-1.amazonaws.com) does not allow https://s3.eu-west-1.amazonaws.com");
    expect(cspRefusal(AWS_CSP, 'connect-src', `${SITE}/`, 'https://b.s3.us-east-1.amazonaws.com/x')).not.toBeNull();
    expect(cspRefusal(AWS_CSP, 'connect-src', `${SITE}/`, 'http://b.s3.eu-west-1.amazonaws.com/x')).not.toBeNull();
  });

  it('falls back to default-src, enforces every policy of a joined header, and reads ports and schemes as CSP does', () => {
    expect(cspRefusal("default-src 'self'", 'connect-src', `${SITE}/`, PRESIGNED)).toMatch(/^connect-src \('self'\) does not allow/);
    expect(cspRefusal(`${AWS_CSP}, connect-src 'none'`, 'connect-src', `${SITE}/`, PRESIGNED)).toMatch(/'none'/);
    expect(cspRefusal("connect-src 'self' http://127.0.0.1:*", 'connect-src', 'http://localhost:3000/', 'http://127.0.0.1:9000/storage/x')).toBeNull();
    expect(cspRefusal("connect-src 'self' http://127.0.0.1", 'connect-src', 'http://localhost:3000/', 'http://127.0.0.1:9000/storage/x')).not.toBeNull();
    expect(cspRefusal("connect-src https:", 'connect-src', `${SITE}/`, PRESIGNED)).toBeNull();
    expect(cspRefusal('img-src *', 'connect-src', `${SITE}/`, PRESIGNED)).toBeNull();
  });
});

describe('CORS answers', () => {
  const request = { origin: SITE, method: 'PUT', headers: ['content-type'] };
  // What S3 answers a preflight its bucket's CORS rule allows (AllowedHeaders '*' echoes those asked for).
  const s3Preflight = new Headers({ 'access-control-allow-origin': SITE, 'access-control-allow-methods': 'PUT, GET, HEAD', 'access-control-allow-headers': 'content-type', 'access-control-expose-headers': 'ETag' });

  it('a preflight S3 allows passes; a refusal, another origin, a missing method or header are each named', () => {
    expect(preflightRefusal(200, s3Preflight, request)).toBeNull();
    expect(preflightRefusal(403, new Headers(), request)).toBe('the preflight answered 403');
    expect(preflightRefusal(200, new Headers({ 'access-control-allow-origin': 'https://other.example.com' }), request)).toBe(`the preflight allows origin https://other.example.com, not ${SITE}`);
    expect(preflightRefusal(200, new Headers({ 'access-control-allow-origin': '*', 'access-control-allow-methods': 'GET, HEAD' }), request)).toBe('the preflight does not allow PUT');
    expect(preflightRefusal(200, new Headers({ 'access-control-allow-origin': SITE, 'access-control-allow-methods': 'PUT' }), request)).toBe('the preflight does not allow the header content-type');
  });

  it("a part's answer must expose its ETag to the page", () => {
    expect(responseRefusal(new Headers({ 'access-control-allow-origin': SITE, 'access-control-expose-headers': 'ETag' }), SITE, ['etag'])).toBeNull();
    expect(responseRefusal(new Headers({ 'access-control-allow-origin': SITE }), SITE, ['etag'])).toBe('the answer does not expose etag to the page');
    expect(responseRefusal(new Headers(), SITE, [])).toBe(`the answer allows origin (none), not ${SITE}`);
  });
});

test('paddedWav keeps the speech and makes a valid RIFF of the size asked, the padding a JUNK chunk', () => {
  const wav = new Uint8Array([...new TextEncoder().encode('RIFF'), 36, 0, 0, 0, ...new TextEncoder().encode('WAVE'), ...new Array<number>(32).fill(7)]);
  const padded = paddedWav(wav, 100);
  const view = new DataView(padded.buffer);
  expect(padded.length).toBe(100);
  expect(view.getUint32(4, true)).toBe(92);
  expect(padded.subarray(8, wav.length)).toEqual(wav.subarray(8));
  expect(new TextDecoder().decode(padded.subarray(wav.length, wav.length + 4))).toBe('JUNK');
  expect(view.getUint32(wav.length + 4, true)).toBe(100 - wav.length - 8);
  expect(() => paddedWav(wav, 45)).toThrow("can't be padded");
});

test("scriptsOf lists the page's scripts by src", () => {
  expect(scriptsOf('<script type="module" crossorigin src="/assets/index-abc.js"></script><script>inline()</script>')).toEqual(['/assets/index-abc.js']);
});
