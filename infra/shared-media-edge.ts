/**
 * The CloudFront Function (viewer request, cloudfront-js-2.0) that opens a shared recording's sealed address
 * in AWS (issue 25, point 2): the algorithm of functions/storage/shared-media.ts, in the plain JavaScript the
 * runtime takes (its crypto module has HMAC, no cipher, no timingSafeEqual). A good address for GET or HEAD
 * goes to the uploads bucket, signed by origin access control, as a read of that one key with the sealed
 * type; anything else is refused here and reaches no origin. test/unit/shared-media.test.ts runs this code.
 */
import { IV_BYTES, SEAL_LABELS, SHARED_MEDIA_SEGMENT, TAG_BYTES } from '../functions/storage/shared-media';

/** The only keys a sealed address may name: a user's recording (storage's read grant is the same). */
export const SHARED_MEDIA_KEY = /^users\/[A-Za-z0-9_-]+\/media\/[A-Za-z0-9_-]+$/;

/**
 * `secret`: the sealing secret (a CloudFormation dynamic reference in the stack, so never in the template);
 * `s3Host`: the bucket's regional host without the bucket, `.s3.<region>.<url suffix>`.
 */
export function sharedMediaFunctionCode(secret: string, s3Host: string): string {
  return `import cf from 'cloudfront';
import crypto from 'crypto';
var SECRET = '${secret}';
var PREFIX = '${SHARED_MEDIA_SEGMENT}';
var B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
function hmacHex(key, data) { return crypto.createHmac('sha256', key).update(data).digest('hex'); }
function hex(bytes) { var out = ''; for (var i = 0; i < bytes.length; i++) out += (bytes[i] < 16 ? '0' : '') + bytes[i].toString(16); return out; }
function unbase64url(text) {
  if (!/^[A-Za-z0-9_-]+$/.test(text) || text.length % 4 === 1) return null;
  var bytes = [], bits = 0, value = 0;
  for (var i = 0; i < text.length; i++) {
    value = (value << 6) | B64.indexOf(text[i]); bits += 6;
    if (bits >= 8) { bits -= 8; bytes.push((value >> bits) & 255); }
  }
  return bytes;
}
function open(token, now) {
  var bytes = unbase64url(token);
  if (!bytes || bytes.length <= ${IV_BYTES + TAG_BYTES}) return null;
  var root = hmacHex(SECRET, '${SEAL_LABELS.root}');
  var ivHex = hex(bytes.slice(0, ${IV_BYTES}));
  var ciphertext = bytes.slice(${IV_BYTES}, bytes.length - ${TAG_BYTES});
  var expected = hmacHex(hmacHex(root, '${SEAL_LABELS.authenticate}'), ivHex + '.' + hex(ciphertext)).slice(0, ${TAG_BYTES * 2});
  var given = hex(bytes.slice(bytes.length - ${TAG_BYTES}));
  var diff = 0;
  for (var i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ given.charCodeAt(i);
  if (diff !== 0) return null;
  var encrypt = hmacHex(root, '${SEAL_LABELS.encrypt}'), plain = '', stream = '';
  for (var j = 0; j < ciphertext.length; j++) {
    if (j % 32 === 0) stream = hmacHex(encrypt, ivHex + '.' + (j / 32));
    plain += String.fromCharCode(ciphertext[j] ^ parseInt(stream.substr((j % 32) * 2, 2), 16));
  }
  var media;
  try { media = JSON.parse(plain); } catch (e) { return null; }
  if (!media || typeof media.b !== 'string' || typeof media.k !== 'string' || typeof media.t !== 'string' || typeof media.e !== 'number') return null;
  if (media.e * 1000 <= now || !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(media.b) || !${SHARED_MEDIA_KEY.toString()}.test(media.k) || !/^[\\w.-]+\\/[\\w.-]+$/.test(media.t)) return null;
  return media;
}
function handler(event) {
  var request = event.request;
  var token = request.uri.indexOf(PREFIX) === 0 ? request.uri.slice(PREFIX.length) : '';
  var media = request.method === 'GET' || request.method === 'HEAD' ? open(token, Date.now()) : null;
  if (!media) {
    return { statusCode: 403, statusDescription: 'Forbidden', headers: { 'cache-control': { value: 'no-store' } } };
  }
  cf.updateRequestOrigin({
    domainName: media.b + '${s3Host}',
    originAccessControlConfig: { enabled: true, signingBehavior: 'always', signingProtocol: 'sigv4', originType: 's3' },
  });
  request.uri = '/' + media.k;
  // A type is letters, digits, '.', '-' and one '/' (checked above): the same text encoded or not.
  request.querystring = { 'response-content-type': { value: media.t } };
  request.cookies = {};
  return request;
}`;
}
