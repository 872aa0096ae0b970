/**
 * The media function (issue 25 point 7): ffmpeg on an uploaded recording, which nobody vouches for. Its
 * role may do nothing but write its own logs (infra/constructs/workflow.ts; functions/aws-calls.ts lists
 * no call for it, so any SDK call here fails). The workflow's PrepareMedia step gives it a link that reads
 * exactly the one upload and one that writes exactly its converted audio, valid for this function's run:
 * whoever took ffmpeg over here holds those two and nothing of anyone else's.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import type { z } from 'zod';
import { MediaRequest, SPEECH_AUDIO } from '../domain/speech-audio';
import { runAsFunction } from '../platform/call-scope';
import { speechReadyMedia, type MediaCheck, type MediaPlaces } from '../services/media/speech-audio';

/** A storage answer that is not the object, with its status where the loopback server looks for it (416: past the end). */
const storageRefusal = (what: string, status: number | undefined) => Object.assign(new Error(`${what}: storage answered ${status}`), { $metadata: { httpStatusCode: status } });

/** The recording through its link, the converted audio (and a playable copy of the recording) to theirs: the only storage this function reaches. */
function linkedPlaces({ source, target, playable }: Pick<z.output<typeof MediaRequest>, 'source' | 'target' | 'playable'>): MediaPlaces {
  return {
    async read(range) {
      const answer = await fetch(source, { headers: range ? { range } : {} });
      if (!answer.ok || !answer.body) {
        await answer.body?.cancel();
        throw storageRefusal('Reading the recording', answer.status);
      }
      const contentRange = answer.headers.get('content-range');
      return { body: Readable.fromWeb(answer.body as ReadableStream<Uint8Array>), length: Number(answer.headers.get('content-length') ?? 0), ...(contentRange ? { range: contentRange } : {}) };
    },
    writeConverted: (path) => putFile(target, path, SPEECH_AUDIO.mime),
    ...(playable ? { writePlayable: (path: string) => putFile(playable.url, path, playable.type) } : {}),
  };
}

/** A streamed PUT with its length (storage refuses a chunked one). */
async function putFile(url: string, path: string, type: string): Promise<void> {
  const { size } = await stat(path);
  const send = url.startsWith('https:') ? httpsRequest : httpRequest;
  const request = send(url, { method: 'PUT', headers: { 'content-type': type, 'content-length': size } });
  const answered = new Promise<IncomingMessage>((resolve, reject) => request.once('response', resolve).once('error', reject));
  await pipeline(createReadStream(path), request);
  const answer = await answered;
  answer.resume();
  if (answer.statusCode !== 200) throw storageRefusal('Storing a file', answer.statusCode);
}

export async function handler(event: unknown): Promise<MediaCheck> {
  const request = MediaRequest.parse(event);
  return runAsFunction('media', () => speechReadyMedia(linkedPlaces(request), request.extension, request.readable));
}
