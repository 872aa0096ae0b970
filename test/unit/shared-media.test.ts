/** A shared link's recording address (functions/lib/shared-media.ts): opaque, short-lived, and opened only as sealed. */
import { openSharedMedia, sealSharedMedia } from '../../functions/lib/shared-media';

const SECRET = 'the-storage-secret-of-this-data-folder';
const MEDIA = { bucket: 'uploads', key: 'users/0b6c7d1e-owner/media/TranscriptId123', contentType: 'audio/wav' };
const NOW = Date.UTC(2026, 10, 27, 12);

it('opens to the sealed file until it expires, and names neither id', () => {
  const token = sealSharedMedia(SECRET, MEDIA, NOW + 60_000);
  expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
  for (const part of ['users', 'owner', 'TranscriptId123', 'media']) expect(token).not.toContain(part);
  expect(openSharedMedia(SECRET, token, NOW + 59_000)).toEqual(MEDIA);
  expect(openSharedMedia(SECRET, token, NOW + 60_000)).toBeNull();
  // Sealed twice, two different addresses: one can't be matched to another of the same file.
  expect(sealSharedMedia(SECRET, MEDIA, NOW + 60_000)).not.toBe(token);
});

it('refuses an edited address, one sealed with another secret, and anything malformed', () => {
  const token = sealSharedMedia(SECRET, MEDIA, NOW + 60_000);
  const bytes = Buffer.from(token, 'base64url');
  for (const index of [0, 12, 20, bytes.length - 1]) {
    const edited = Buffer.from(bytes);
    edited[index]! ^= 1;
    expect(openSharedMedia(SECRET, edited.toString('base64url'), NOW)).toBeNull();
  }
  expect(openSharedMedia('another-secret-of-another-folder', token, NOW)).toBeNull();
  for (const malformed of ['', 'x', '../x', `${token}.`, 'A'.repeat(200)]) expect(openSharedMedia(SECRET, malformed, NOW)).toBeNull();
});
