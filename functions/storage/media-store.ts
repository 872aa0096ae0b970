/**
 * The uploads bucket: every key under `users/<userId>/`, or for a job's temporary engine files under
 * `engine/<userId>/`, with generated ids (never a user-supplied name). Presigned uploads and playback,
 * the first bytes for type checks, JSON bodies.
 */
import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutObjectCommand,
  PutObjectTaggingCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { MEDIA_SNIFF_BYTES } from '../domain/media-type';
import { MULTIPART_PART_BYTES, PART_URLS_PER_REQUEST, PENDING_UPLOAD_TAG, UPLOAD_URL_SECONDS } from '../domain/constants';
import { s3Client, s3LinkClient } from '../platform/aws-clients';
import { getConfig, setting } from '../platform/config';
import { sealSharedMedia, SHARED_MEDIA_SEGMENT } from './shared-media';
import { engineFilesPrefix, userPrefix } from './user-data';

const bucket = () => setting('UPLOADS_BUCKET');

export const mediaKey = (userId: string, uploadId: string): string => `${userPrefix(userId)}media/${uploadId}`;
/** The speech service's output; removed after the job, or by the bucket's lifecycle rule if the job dies first (ENGINE_FILES_KEPT_SECONDS). */
export const transcribeOutputKey = (userId: string, transcriptId: string): string => `${engineFilesPrefix(userId)}${transcriptId}.json`;
/** The recording converted for the speech service (functions/services/media/speech-audio.ts), beside the service's output; goes as that does. */
export const speechAudioKey = (userId: string, transcriptId: string): string => `${engineFilesPrefix(userId)}${transcriptId}.flac`;
export const bodyKey = (userId: string, transcriptId: string): string => `${userPrefix(userId)}transcripts/${transcriptId}.json`;

export interface PresignedUpload {
  /** One URL for a single PUT. */
  url?: string;
  /** Or parts of `part_size` bytes each (the last one shorter), `part_count` of them: URLs of the first ones. */
  parts?: { part_number: number; url: string }[];
  part_size?: number;
  part_count?: number;
  multipartId?: string;
}

export const partCount = (size: number): number => Math.ceil(size / MULTIPART_PART_BYTES);

/** The length of part `partNumber` of an upload of `size` bytes: a full part, or what is left for the last. */
export const partLength = (size: number, partNumber: number): number =>
  partNumber < partCount(size) ? MULTIPART_PART_BYTES : size - MULTIPART_PART_BYTES * (partCount(size) - 1);

/** PENDING_UPLOAD_TAG as the `x-amz-tagging` value of a PUT or a multipart upload's start. */
const PENDING_TAGGING = `${PENDING_UPLOAD_TAG.key}=${PENDING_UPLOAD_TAG.value}`;

/**
 * An upload is stored tagged pending, and so removed after a day unless a transcription starts from it
 * (keepUpload). A multipart upload gets the tag when it starts; a single PUT's link carries it in its
 * signed query, and the tag is set again at /complete, which the site always calls.
 */
export async function presignUpload(key: string, size: number, multipart: boolean): Promise<PresignedUpload> {
  if (!multipart) {
    // The length is signed: the link takes exactly the size the ticket was asked for, never more.
    const put = new PutObjectCommand({ Bucket: bucket(), Key: key, ContentLength: size, Tagging: PENDING_TAGGING });
    return { url: await getSignedUrl(s3LinkClient(), put, { expiresIn: UPLOAD_URL_SECONDS }) };
  }
  const { UploadId } = await s3Client().send(new CreateMultipartUploadCommand({ Bucket: bucket(), Key: key, Tagging: PENDING_TAGGING }));
  const count = partCount(size);
  const first = Array.from({ length: Math.min(count, PART_URLS_PER_REQUEST) }, (_, index) => index + 1);
  return { parts: await signParts(key, UploadId!, size, first), part_size: MULTIPART_PART_BYTES, part_count: count, multipartId: UploadId! };
}

/**
 * URLs for these parts of a multipart upload of `size` bytes, valid from now (signing is local: no call
 * to storage). Each signs its part's length, so the parts add up to the size asked for, never more.
 */
export function signParts(key: string, multipartId: string, size: number, partNumbers: readonly number[]): Promise<{ part_number: number; url: string }[]> {
  return Promise.all(
    partNumbers.map(async (partNumber) => ({
      part_number: partNumber,
      url: await getSignedUrl(
        s3LinkClient(),
        new UploadPartCommand({ Bucket: bucket(), Key: key, UploadId: multipartId, PartNumber: partNumber, ContentLength: partLength(size, partNumber) }),
        { expiresIn: UPLOAD_URL_SECONDS },
      ),
    })),
  );
}

/** Completes a multipart upload; one completed meanwhile (a concurrent request) counts as done. */
export async function completeMultipart(key: string, multipartId: string, parts: { part_number: number; etag: string }[]): Promise<void> {
  const done = s3Client().send(
    new CompleteMultipartUploadCommand({
      Bucket: bucket(),
      Key: key,
      UploadId: multipartId,
      MultipartUpload: { Parts: [...parts].sort((a, b) => a.part_number - b.part_number).map((part) => ({ PartNumber: part.part_number, ETag: part.etag })) },
    }),
  );
  await done.catch((error: unknown) => {
    if (!isNoSuchUpload(error)) throw error;
  });
}

const isNoSuchUpload = (error: unknown): boolean => (error as { name?: string }).name === 'NoSuchUpload';

/** The ETags (without quotes) S3 holds for a multipart upload's parts, by number; null once it is completed or aborted. */
export async function uploadedParts(key: string, multipartId: string): Promise<Map<number, string> | null> {
  const parts = new Map<number, string>();
  let marker: string | undefined;
  try {
    do {
      const page = await s3Client().send(new ListPartsCommand({ Bucket: bucket(), Key: key, UploadId: multipartId, PartNumberMarker: marker }));
      for (const part of page.Parts ?? []) parts.set(part.PartNumber!, (part.ETag ?? '').replace(/"/g, ''));
      marker = page.IsTruncated ? page.NextPartNumberMarker : undefined;
    } while (marker);
  } catch (error) {
    if (isNoSuchUpload(error)) return null;
    throw error;
  }
  return parts;
}

/** Tags a stored upload pending (see presignUpload). */
export async function markPending(key: string): Promise<void> {
  await s3Client().send(new PutObjectTaggingCommand({ Bucket: bucket(), Key: key, Tagging: { TagSet: [{ Key: PENDING_UPLOAD_TAG.key, Value: PENDING_UPLOAD_TAG.value }] } }));
}

/**
 * A transcription starts from this upload: it loses the pending tag and is kept as long as its transcript.
 * False when the file is gone (removed after a day untranscribed, or never sent).
 */
export async function keepUpload(key: string): Promise<boolean> {
  try {
    await s3Client().send(new PutObjectTaggingCommand({ Bucket: bucket(), Key: key, Tagging: { TagSet: [] } }));
    return true;
  } catch (error) {
    if (isMissingObject(error)) return false;
    throw error;
  }
}

/** Size of a stored object, or null when there is none. */
export async function objectSize(key: string): Promise<number | null> {
  try {
    const head = await s3Client().send(new HeadObjectCommand({ Bucket: bucket(), Key: key }));
    return head.ContentLength ?? 0;
  } catch (error) {
    if ((error as { name?: string }).name === 'NotFound' || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
    throw error;
  }
}

/** The first bytes of an object, enough to tell its media type. */
export async function firstBytes(key: string): Promise<Uint8Array> {
  const object = await s3Client().send(new GetObjectCommand({ Bucket: bucket(), Key: key, Range: `bytes=0-${MEDIA_SNIFF_BYTES - 1}` }));
  return object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
}

export async function putObject(key: string, body: Uint8Array | string, contentType: string): Promise<void> {
  await s3Client().send(new PutObjectCommand({ Bucket: bucket(), Key: key, Body: body, ContentType: contentType }));
}

/**
 * Links for the media function (issue 25 point 7): a GET of exactly the recording and a PUT of exactly its
 * converted audio (of this type), and with `playableType` a PUT of the recording itself, valid `seconds`. Signed here, with this function's role: the media
 * function, which runs ffmpeg on the file, holds no storage permission of its own.
 */
export async function mediaLinks(
  sourceKey: string,
  targetKey: string,
  contentType: string,
  seconds: number,
  playableType?: string,
): Promise<{ source: string; target: string; playable?: { url: string; type: string } }> {
  const sign = (command: GetObjectCommand | PutObjectCommand) => getSignedUrl(s3Client(), command, { expiresIn: seconds });
  const [source, target, playable] = await Promise.all([
    sign(new GetObjectCommand({ Bucket: bucket(), Key: sourceKey })),
    sign(new PutObjectCommand({ Bucket: bucket(), Key: targetKey, ContentType: contentType })),
    // The source itself, written back as a copy that states its length (needsPlayableCopy), when asked.
    playableType ? sign(new PutObjectCommand({ Bucket: bucket(), Key: sourceKey, ContentType: playableType })) : undefined,
  ]);
  return { source: source!, target: target!, ...(playable && playableType ? { playable: { url: playable, type: playableType } } : {}) };
}

/** The keys under `prefix` (at most a page of them: one call), each with when it was last written. */
export async function keysUnder(prefix: string): Promise<{ key: string; modified: number }[]> {
  const page = await s3Client().send(new ListObjectsV2Command({ Bucket: bucket(), Prefix: prefix }));
  return (page.Contents ?? []).flatMap((object) => (object.Key ? [{ key: object.Key, modified: object.LastModified?.getTime() ?? 0 }] : []));
}

export async function deleteObject(key: string): Promise<void> {
  await s3Client().send(new DeleteObjectCommand({ Bucket: bucket(), Key: key }));
}

export async function putJson(key: string, value: unknown): Promise<void> {
  await putObject(key, JSON.stringify(value), 'application/json');
}

/** Storage's answer for an object that isn't there (or is no longer). */
export const isMissingObject = (error: unknown): boolean => (error as { name?: string }).name === 'NoSuchKey';

export async function getText(key: string): Promise<string> {
  const object = await s3Client().send(new GetObjectCommand({ Bucket: bucket(), Key: key }));
  return object.Body!.transformToString('utf8');
}

export async function getJson(key: string): Promise<unknown> {
  return JSON.parse(await getText(key));
}

/**
 * The recording's address, valid `seconds`, for its owner (PLAYBACK_URL_SECONDS) or a shared link's reader: opaque,
 * naming neither the owner's id nor the transcript's (functions/storage/shared-media.ts), served with its real type.
 * Where storage is the local one behind the app's port, sealed with the storage secret and opened by its proxy; in
 * AWS, sealed with the origin secret and opened by the site's CloudFront Function at `<public origin>/_shared/`
 * (infra/shared-media-edge.ts), which CloudFront caches by the recording's key (issue 31 point 8).
 */
export async function sharedPlaybackUrl(key: string, contentType: string, seconds: number): Promise<string> {
  const { LOCAL_SECRET_ACCESS_KEY, ORIGIN_VERIFY_SECRET, S3_PUBLIC_ENDPOINT, S3_ENDPOINT, publicOrigin } = getConfig();
  const storage = S3_PUBLIC_ENDPOINT ?? S3_ENDPOINT;
  const [secret, base] = LOCAL_SECRET_ACCESS_KEY && storage ? [LOCAL_SECRET_ACCESS_KEY, storage] : [ORIGIN_VERIFY_SECRET, publicOrigin];
  if (!secret) throw new Error('Invalid configuration: no secret to seal a shared recording with (ORIGIN_VERIFY_SECRET)');
  return `${base}${SHARED_MEDIA_SEGMENT}${sealSharedMedia(secret, { bucket: bucket(), key, contentType }, Date.now() + seconds * 1000)}`;
}

/** Copies an object to a local file (the local speech engine reads files). */
export async function downloadTo(key: string, destination: string): Promise<void> {
  const { createWriteStream } = await import('node:fs');
  const { pipeline } = await import('node:stream/promises');
  const object = await s3Client().send(new GetObjectCommand({ Bucket: bucket(), Key: key }));
  await pipeline(object.Body as NodeJS.ReadableStream, createWriteStream(destination));
}
