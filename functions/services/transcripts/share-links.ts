/**
 * Read-only links (issue 15, point 4): made, listed and revoked by the transcript's owner; opened by
 * anyone with the token, throttled per client address: good reads of a link and dead tokens apart. Every way a
 * link can be dead (revoked, expired, unknown, transcript in the trash) answers the same 404, so a reader learns
 * nothing from the answer.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createShareLink, deleteShareLink, findShareLink, listShareLinks, type ShareLinkItem } from '../../data/share-links';
import { findTranscript, type TranscriptItem } from '../../data/transcripts';
import { MESSAGES } from '../../domain/messages';
import {
  createdShareLinkView,
  expiresAtOf,
  isLive,
  SHARE_MAX_LIVE_LINKS,
  SHARE_TOKEN_BYTES,
  SHARE_TOKEN_PATTERN,
  SHARED_GUESSES_PER_MINUTE,
  SHARED_READS_PER_MINUTE,
  shareLinkView,
  type ShareLinkRequest,
} from '../../domain/share-links';
import { getConfig } from '../../platform/config';
import { ServiceError } from '../service-error';
import { pairKey, waitToTakeAll, type ThrottleRule } from '../throttle';

/** The table holds this, never the token: a leaked table opens no link. */
export const linkIdOf = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Good reads, per link and client address. */
const SHARED_READS = { scope: 'shared-read', limit: SHARED_READS_PER_MINUTE, windowSeconds: 60 };
/** Dead or unknown tokens, per client address. */
const SHARED_GUESSES = { scope: 'shared-guess', limit: SHARED_GUESSES_PER_MINUTE, windowSeconds: 60 };

/** The owner's links to this transcript that still work. */
const liveItems = async (item: TranscriptItem, now: number): Promise<ShareLinkItem[]> => (await listShareLinks(item.userId, item.transcriptId)).filter((link) => isLive(link, now));
const liveCount = async (item: TranscriptItem, now: number): Promise<number> => (await liveItems(item, now)).length;

/** A new link to a finished, active transcript of the owner; the token is in the answer only. */
export async function createLink(item: TranscriptItem, request: ShareLinkRequest, now = Date.now()) {
  if (item.state === 'deleted') throw new ServiceError('conflict', MESSAGES.trashedNotShared);
  if (item.status !== 'complete' || !item.bodyKey) throw new ServiceError('conflict', MESSAGES.notReadyToShare);
  const full = new ServiceError('conflict', MESSAGES.tooManyShareLinks(SHARE_MAX_LIVE_LINKS));
  if ((await liveCount(item, now)) >= SHARE_MAX_LIVE_LINKS) throw full;
  const token = randomBytes(SHARE_TOKEN_BYTES).toString('base64url');
  const expiresAt = expiresAtOf(request.expires_in_days, now);
  const link = { linkId: linkIdOf(token), userId: item.userId, transcriptId: item.transcriptId, includeAudio: request.include_audio, createdAt: new Date(now).toISOString(), ...(expiresAt === undefined ? {} : { expiresAt }) };
  await createShareLink(link);
  // Links made at the same time may all have found room for one: each that then finds the cap passed withdraws its own.
  if ((await liveCount(item, now)) > SHARE_MAX_LIVE_LINKS) {
    await deleteShareLink(link.linkId);
    throw full;
  }
  return createdShareLinkView(link, token, getConfig().publicOrigin);
}

/** The owner's links to a transcript that still work, newest first. */
export async function liveLinks(item: TranscriptItem, now = Date.now()) {
  const links = await liveItems(item, now);
  return links.sort((a, b) => b.createdAt.localeCompare(a.createdAt)).map(shareLinkView);
}

/** Revokes one of the owner's links to this transcript, named by its token (from creation) or its id (from the list). */
export async function revokeLink(item: TranscriptItem, tokenOrId: string): Promise<string> {
  const linkId = SHARE_TOKEN_PATTERN.test(tokenOrId) ? linkIdOf(tokenOrId) : tokenOrId;
  const link = await findShareLink(linkId);
  if (!link || link.userId !== item.userId || link.transcriptId !== item.transcriptId) throw new ServiceError('not-found', MESSAGES.shareLinkNotFound);
  await deleteShareLink(linkId);
  return linkId;
}

/** Counts one request under `rule` for `key`; 429 past its limit, with the seconds until the next window. */
async function count(rule: ThrottleRule, key: string): Promise<void> {
  const wait = await waitToTakeAll([[rule, key]]);
  if (wait > 0) throw new ServiceError('too-many', MESSAGES.tooManySharedReads, wait);
}

/** The live link of a token and its transcript (active and finished), or the one 404 (counted as a guess); each read counted per client address. */
export async function openSharedLink(token: string, address: string, now = Date.now()): Promise<{ link: ShareLinkItem; item: TranscriptItem }> {
  const found = await liveLinkOf(token, now);
  if (!found) {
    await count(SHARED_GUESSES, address);
    throw new ServiceError('not-found', MESSAGES.sharedLinkNotFound);
  }
  await count(SHARED_READS, pairKey(found.link.linkId, address));
  return found;
}

async function liveLinkOf(token: string, now: number): Promise<{ link: ShareLinkItem; item: TranscriptItem } | null> {
  const link = SHARE_TOKEN_PATTERN.test(token) ? await findShareLink(linkIdOf(token)) : null;
  if (!link) return null;
  if (!isLive(link, now)) {
    // The table's TTL removes it in time on AWS; the local table has no TTL.
    await deleteShareLink(link.linkId);
    return null;
  }
  const item = await findTranscript(link.userId, link.transcriptId);
  return item && item.state === 'active' && item.status === 'complete' && item.bodyKey ? { link, item } : null;
}
