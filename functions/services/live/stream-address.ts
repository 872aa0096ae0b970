/**
 * The presigned address of Transcribe streaming's WebSocket (StartStreamTranscriptionWebSocket), SigV4 signed
 * in its query with the function's role, as docs.aws.amazon.com/transcribe/latest/dg/websocket.html sets it
 * out: the browser streams to it with no server of ours in the path.
 */
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import { clientSettings, getConfig } from '../../platform/config';
import { once } from '../../platform/lazy';

export const STREAM_PATH = '/stream-transcription-websocket';
/** The audio the browser sends: 16 kHz mono 16-bit PCM. */
export const STREAM_SAMPLE_RATE = 16_000;

/** Where streams go: Transcribe streaming in the region, or the AWS path's local stand-in. */
function streamingOrigin(): { protocol: 'wss:' | 'ws:'; hostname: string; port: number } {
  const { TRANSCRIBE_STREAMING_ENDPOINT: endpoint, AWS_REGION: region } = getConfig();
  if (!endpoint) return { protocol: 'wss:', hostname: `transcribestreaming.${region}.amazonaws.com`, port: 8443 };
  const url = new URL(endpoint);
  return { protocol: url.protocol === 'wss:' ? 'wss:' : 'ws:', hostname: url.hostname, port: Number(url.port) };
}

/** The role's credentials in a deploy (Lambda's environment); the stand-in's static ones on the AWS path. */
const credentials = once(() => clientSettings(getConfig().TRANSCRIBE_STREAMING_ENDPOINT).credentials ?? defaultProvider());

export async function presignStream(languageCode: string, expiresInSeconds: number, now = new Date()): Promise<string> {
  const { protocol, hostname, port } = streamingOrigin();
  const region = getConfig().AWS_REGION;
  const signer = new SignatureV4({ service: 'transcribe', region, credentials: credentials(), sha256: Sha256 });
  const signed = await signer.presign(
    {
      method: 'GET',
      protocol,
      hostname,
      port,
      path: STREAM_PATH,
      headers: { host: `${hostname}:${port}` },
      query: {
        'language-code': languageCode,
        'media-encoding': 'pcm',
        'sample-rate': String(STREAM_SAMPLE_RATE),
        // Partial results that settle sooner: the captions flicker less.
        'enable-partial-results-stabilization': 'true',
        'partial-results-stability': 'medium',
      },
    },
    { expiresIn: expiresInSeconds, signingDate: now },
  );
  const query = Object.entries(signed.query as Record<string, string>)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
  return `${protocol}//${hostname}:${port}${STREAM_PATH}?${query}`;
}
