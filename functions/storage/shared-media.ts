/**
 * The recording's address for a shared link's reader (issue 25, point 2): short-lived and opaque. A presigned
 * storage link names its key, `users/<owner's id>/media/<transcript id>`; this address carries the key sealed,
 * with its type and expiry, so a reader learns neither id and can't edit the address into another file or a
 * longer life. Whoever holds the secret opens it and serves that one file, for reading only: locally the
 * storage proxy (infra/local/storage-proxy.ts), in AWS a CloudFront Function (infra/shared-media-edge.ts).
 *
 * CloudFront Functions offer HMAC but no cipher, so the seal is built from HMAC-SHA256 alone, encrypt-then-MAC:
 * the plaintext XORed with the keystream HMAC(encrypt key, iv.counter), then the tag HMAC(authenticate key,
 * iv.ciphertext), each key derived from the secret. HMAC inputs and keys are ASCII text (hex), which both
 * runtimes read alike. Address: base64url(iv 16 bytes, ciphertext, first 16 bytes of the tag).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** The path, under the address that opens them, of sealed addresses: `_` can't begin a bucket's name. */
export const SHARED_MEDIA_SEGMENT = '/_shared/';
/** What the keys are derived with: the edge function's copy of the algorithm uses the same. */
export const SEAL_LABELS = { root: 'scribely shared media address', encrypt: 'encrypt', authenticate: 'authenticate' } as const;
export const IV_BYTES = 16;
export const TAG_BYTES = 16;

export interface SharedMedia {
  bucket: string;
  key: string;
  contentType: string;
}

const Sealed = z.object({ b: z.string().min(1), k: z.string().min(1), t: z.string().min(1), e: z.number().int() });

const hmacHex = (key: string, data: string): string => createHmac('sha256', key).update(data).digest('hex');

/** The two keys, their own (not the secret itself, which may serve elsewhere: a storage or origin secret). */
function sealingKeys(secret: string): { encrypt: string; authenticate: string } {
  const root = hmacHex(secret, SEAL_LABELS.root);
  return { encrypt: hmacHex(root, SEAL_LABELS.encrypt), authenticate: hmacHex(root, SEAL_LABELS.authenticate) };
}

function keystreamXor(key: string, ivHex: string, data: Buffer): Buffer {
  const out = Buffer.alloc(data.length);
  for (let block = 0; block * 32 < data.length; block += 1) {
    const stream = Buffer.from(hmacHex(key, `${ivHex}.${block}`), 'hex');
    for (let i = block * 32; i < Math.min(data.length, block * 32 + 32); i += 1) out[i] = data[i]! ^ stream[i - block * 32]!;
  }
  return out;
}

const tagOf = (key: string, ivHex: string, ciphertext: Buffer): Buffer => Buffer.from(hmacHex(key, `${ivHex}.${ciphertext.toString('hex')}`), 'hex').subarray(0, TAG_BYTES);

/** `media` sealed until `expiresAtMs`: base64url, fit for a path segment. */
export function sealSharedMedia(secret: string, media: SharedMedia, expiresAtMs: number): string {
  const keys = sealingKeys(secret);
  const iv = randomBytes(IV_BYTES);
  // ASCII only (JSON escapes for anything else), so that a byte is a character on both sides.
  const plain = JSON.stringify({ b: media.bucket, k: media.key, t: media.contentType, e: Math.floor(expiresAtMs / 1000) }).replace(
    /[\u007f-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  const ciphertext = keystreamXor(keys.encrypt, iv.toString('hex'), Buffer.from(plain, 'latin1'));
  return Buffer.concat([iv, ciphertext, tagOf(keys.authenticate, iv.toString('hex'), ciphertext)]).toString('base64url');
}

/** What a sealed address opens, or null when it is malformed, edited, sealed with another secret or expired. */
export function openSharedMedia(secret: string, token: string, nowMs = Date.now()): SharedMedia | null {
  const bytes = /^[A-Za-z0-9_-]+$/.test(token) ? Buffer.from(token, 'base64url') : Buffer.alloc(0);
  if (bytes.length <= IV_BYTES + TAG_BYTES) return null;
  const keys = sealingKeys(secret);
  const ivHex = bytes.subarray(0, IV_BYTES).toString('hex');
  const ciphertext = bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES);
  if (!timingSafeEqual(tagOf(keys.authenticate, ivHex, ciphertext), bytes.subarray(bytes.length - TAG_BYTES))) return null;
  try {
    const opened = Sealed.safeParse(JSON.parse(keystreamXor(keys.encrypt, ivHex, ciphertext).toString('latin1')));
    if (!opened.success || opened.data.e * 1000 <= nowMs) return null;
    return { bucket: opened.data.b, key: opened.data.k, contentType: opened.data.t };
  } catch {
    // Authentic but not JSON: only a secret shared with something else could seal that.
    return null;
  }
}
