/** Issue 15, point 4: the pure rules of read-only links (request, expiry, what a reader and the owner see). */
import { ROUTES } from '../../functions/contract';
import { createdShareLinkView, expiresAtOf, isLive, sharedMediaPath, sharedTranscriptView, ShareLinkRequest, shareLinkView } from '../../functions/domain/share-links';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const DAY = 24 * 60 * 60;

describe('the request', () => {
  it('takes 1 to 365 days or null, and defaults to 30 days without the recording', () => {
    expect(ShareLinkRequest.parse({})).toEqual({ expires_in_days: 30, include_audio: false });
    expect(ShareLinkRequest.parse({ expires_in_days: null, include_audio: true })).toEqual({ expires_in_days: null, include_audio: true });
    expect(ShareLinkRequest.parse({ expires_in_days: 365 }).expires_in_days).toBe(365);
    for (const bad of [0, 366, 2.5, -1, '3', true]) expect(ShareLinkRequest.safeParse({ expires_in_days: bad }).success).toBe(false);
    expect(ShareLinkRequest.safeParse({ include_audio: 'true' }).success).toBe(false);
  });
});

describe('expiry', () => {
  it('counts whole days from now, in epoch seconds; null never expires', () => {
    expect(expiresAtOf(1, NOW)).toBe(NOW / 1000 + DAY);
    expect(expiresAtOf(null, NOW)).toBeUndefined();
  });

  it('a link works until its expiry, not at it', () => {
    const link = { expiresAt: NOW / 1000 + DAY };
    expect(isLive(link, NOW)).toBe(true);
    expect(isLive(link, NOW + DAY * 1000 - 1)).toBe(true);
    expect(isLive(link, NOW + DAY * 1000)).toBe(false);
    expect(isLive({}, NOW + 1000 * DAY * 1000)).toBe(true);
  });
});

describe('views', () => {
  const link = { linkId: 'f'.repeat(64), includeAudio: true, createdAt: '2026-03-01T12:00:00.000Z', expiresAt: NOW / 1000 + DAY };

  it("the owner's list shows the hash as id and no token; the new link carries its token and page once", () => {
    expect(shareLinkView(link)).toEqual({ id: link.linkId, include_audio: true, created_at: link.createdAt, expires_at: '2026-03-02T12:00:00.000Z' });
    expect(shareLinkView({ ...link, expiresAt: undefined }).expires_at).toBeNull();
    expect(createdShareLinkView(link, 'T'.repeat(43), 'https://app.example')).toMatchObject({ token: 'T'.repeat(43), url: `https://app.example/s/${'T'.repeat(43)}` });
  });

  it("a reader sees the reading fields only, whatever else the record carries", () => {
    const record = { filename: 'a.mp4', createdAt: '2026-01-01', topic: 'T', summary: 'S', transcriptId: 'secret-id', userId: 'owner', tags: ['x'], projectId: 'p', email: 'o@example.com' };
    const body = { text: 'Hi.', word_timings: [{ words: [{ word: 'Hi.', start: 0, end: 500 }] }], speakers: ['Ann'] };
    const view = sharedTranscriptView(record, body, null);
    expect(Object.keys(view).sort()).toEqual(['created_at', 'filename', 'key_points', 'speakers', 'summaries', 'summary', 'text', 'topic', 'word_timings']);
    expect(sharedTranscriptView(record, body, sharedMediaPath('tok', 'mp4')).audio_url).toBe('/api/shared/tok/audio.mp4');
  });
});

describe('path parameters', () => {
  const token = 'A'.repeat(43);
  it('revoking takes a token or a link id; reading takes a token only', () => {
    const revoke = ROUTES['DELETE /api/transcripts/{id}/share/{token}'].params.token;
    expect(revoke.safeParse(token).success).toBe(true);
    expect(revoke.safeParse('a'.repeat(64)).success).toBe(true);
    for (const bad of ['A'.repeat(42), 'A'.repeat(64), `${token}/x`]) expect(revoke.safeParse(bad).success).toBe(false);
    const read = ROUTES['GET /api/shared/{token}'].params.token;
    expect(read.safeParse(token).success).toBe(true);
    expect(read.safeParse('a'.repeat(64)).success).toBe(false);
    const file = ROUTES['GET /api/shared/{token}/{file}'].params.file;
    expect(file.safeParse('audio.mp4').success).toBe(true);
    expect(file.safeParse('../x.mp4').success).toBe(false);
  });
});
