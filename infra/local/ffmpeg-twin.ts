/**
 * The x64 twin of the ffmpeg the workflow's Lambda layer ships (infra/constructs/ffmpeg-layer.ts: the same
 * static build family, from @ffmpeg-installer), so the AWS path run locally converts recordings with the binary
 * a deploy uses, not Debian's. An optional dependency: npm installs it on Linux x64 only.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export function ffmpegTwin(): string {
  const binary = join(__dirname, '../../node_modules/@ffmpeg-installer/linux-x64/ffmpeg');
  if (!existsSync(binary)) throw new Error('The AWS path runs on Linux x64 with @ffmpeg-installer/linux-x64 installed (npm install).');
  return binary;
}
