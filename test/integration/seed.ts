/** Transcripts stored as the workflow stores them, for tests that need finished ones without transcribing. */
import { randomBytes } from 'node:crypto';
import { db } from '../../functions/data/db';
import { bodyKey, putJson } from '../../functions/storage/media-store';
import { userIdOf, type Browser } from './http-client';

/** A finished transcript with this body (the body in S3, the item in the table); answers its id. */
export async function seedFinished(browser: Browser, body: unknown, filename: string): Promise<string> {
  const userId = await userIdOf(browser);
  const transcriptId = randomBytes(16).toString('base64url');
  const key = bodyKey(userId, transcriptId);
  await putJson(key, body);
  await db()
    .entities.transcript.create({
      userId, transcriptId, filename, mediaKey: `users/${userId}/media/${transcriptId}`, mediaType: 'audio/mp4', mediaExtension: 'm4a', size: 1,
      language: 'en', diarization: true, projectId: '', status: 'complete', bodyKey: key, topic: 'Welcome show', summary: 'Greetings.', createdAt: new Date().toISOString(),
    })
    .go();
  return transcriptId;
}
