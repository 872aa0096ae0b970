/**
 * Read-only links (issue 15, point 4): made, listed and revoked by the transcript's owner; opened by
 * anyone with the token, throttled per client address. Every way a link can be dead (revoked, expired,
 * unknown, transcript in the trash) answers the same 404, so a reader learns nothing from the answer.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createShareLink, deleteShareLink, findShareLink, listShareLinks, type ShareLinkItem } from '../data/share-links';
import { findTranscript, type TranscriptItem } from '../data/transcripts';
import { MESSAGES } from '../domain/messages';
import { createdShareLinkView, expiresAtOf, isLive, SHARE_TOKEN_BYTES, SHARE_TOKEN_PATTERN, SHARED_READS_PER_MINUTE, shareLinkView, type ShareLinkRequest } from '../domain/share-links';
import { getConfig } from './config';
import { clientAddress, HttpError, type ApiEvent } from './http';
import { secondsLeft, take } from './throttle';

/** The table holds this, never the token: a leaked table opens no link. */
export const linkIdOf = (token: string): string => createHash('sha256').update(token).digest('hex');

const SHARED_READS = { scope: 'shared-address', limit: SHARED_READS_PER_MINUTE, windowSeconds: 60 };

/** A new link to a finished, active transcript of the owner; the token is in the answer only. */
export async function createLink(item: TranscriptItem, request: ShareLinkRequest, now = Date.now()) {
  if (item.state === 'deleted') throw new HttpError(409, MESSAGES.trashedNotShared);
  if (item.status !== 'complete' || !item.bodyKey) throw new HttpError(409, MESSAGES.notReadyToShare);
  const token = randomBytes(SHARE_TOKEN_BYTES).toString('base64url');
  const expiresAt = expiresAtOf(request.expires_in_days, now);
  const link = { linkId: linkIdOf(token), userId: item.userId, transcriptId: item.transcriptId, includeAudio: request.include_audio, createdAt: new Date(now).toISOString(), ...(expiresAt === undefined ? {} : { expiresAt }) };
  await createShareLink(link);
  return createdShareLinkView(link, token, getConfig().publicOrigin);
}

/** The owner's links to a transcript that still work, newest first. */
export async function liveLinks(item: TranscriptItem, now = Date.now()) {
  const links = (await listShareLinks(item.userId, item.transcriptId)).filter((link) => isLive(link, now));
  return links.sort((a, b) => b.createdAt.localeCompare(a.createdAt)).map(shareLinkView);
}

/** Revokes one of the owner's links to this transcript, named by its token (from creation) or its id (from the list). */
export async function revokeLink(item: TranscriptItem, tokenOrId: string): Promise<string> {
  const linkId = SHARE_TOKEN_PATTERN.test(tokenOrId) ? linkIdOf(tokenOrId) : tokenOrId;
  const link = await findShareLink(linkId);
  if (!link || link.userId !== item.userId || link.transcriptId !== item.transcriptId) throw new HttpError(404, MESSAGES.shareLinkNotFound);
  await deleteShareLink(linkId);
  return linkId;
}

/** Counts one read of a shared link for the caller's address; 429 past the limit, with the seconds until the next window. */
export async function takeSharedRead(event: ApiEvent): Promise<void> {
  if (!(await take(SHARED_READS, clientAddress(event)))) throw new HttpError(429, MESSAGES.tooManySharedReads, secondsLeft(SHARED_READS));
}

/** The live link of a token and its transcript (active and finished), or the one 404. */
export async function openSharedLink(token: string, now = Date.now()): Promise<{ link: ShareLinkItem; item: TranscriptItem }> {
  const notFound = new HttpError(404, MESSAGES.sharedLinkNotFound);
  const link = await findShareLink(linkIdOf(token));
  if (!link) throw notFound;
  if (!isLive(link, now)) {
    // The table's TTL removes it in time on AWS; the local table has no TTL.
    await deleteShareLink(link.linkId);
    throw notFound;
  }
  const item = await findTranscript(link.userId, link.transcriptId);
  if (!item || item.state !== 'active' || item.status !== 'complete' || !item.bodyKey) throw notFound;
  return { link, item };
}
