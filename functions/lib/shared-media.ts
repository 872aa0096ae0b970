/**
 * The recording's address for a shared link's reader (issue 25, point 2): short-lived and opaque. A presigned
 * storage link names its key, `users/<owner's id>/media/<transcript id>`; this address carries the key sealed
 * (AES-256-GCM, under a key derived from the storage secret), with its type and expiry, so a reader learns
 * neither id and can't edit the address into another file or a longer life. The storage front that holds the
 * secret opens it and serves that one file, for reading only (infra/local/storage-proxy.ts).
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { z } from 'zod';

/** The path, under storage's address, of sealed addresses: `_` can't begin a bucket's name. */
export const SHARED_MEDIA_SEGMENT = '/_shared/';

export interface SharedMedia {
  bucket: string;
  key: string;
  contentType: string;
}

const Sealed = z.object({ b: z.string().min(1), k: z.string().min(1), t: z.string().min(1), e: z.number().int() });
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The sealing key: its own, derived from the storage secret, so a sealed address is no storage signature. */
const sealingKey = (secret: string): Buffer => createHmac('sha256', secret).update('scribely shared media address').digest();

/** `media` sealed until `expiresAtMs`: base64url, fit for a path segment. */
export function sealSharedMedia(secret: string, media: SharedMedia, expiresAtMs: number): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(secret), iv);
  const plain = JSON.stringify({ b: media.bucket, k: media.key, t: media.contentType, e: Math.floor(expiresAtMs / 1000) });
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url');
}

/** What a sealed address opens, or null when it is malformed, edited, sealed with another secret or expired. */
export function openSharedMedia(secret: string, token: string, nowMs = Date.now()): SharedMedia | null {
  const bytes = /^[A-Za-z0-9_-]+$/.test(token) ? Buffer.from(token, 'base64url') : Buffer.alloc(0);
  if (bytes.length <= IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealingKey(secret), bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    const plain = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
    const opened = Sealed.safeParse(JSON.parse(plain));
    if (!opened.success || opened.data.e * 1000 <= nowMs) return null;
    return { bucket: opened.data.b, key: opened.data.k, contentType: opened.data.t };
  } catch {
    // A wrong tag (edited, or another secret's) fails the decipher's final step.
    return null;
  }
}
