/**
 * The Lambda layer with ffmpeg for PrepareMedia (issue 13 point 5): Transcribe reads eight containers and
 * at most two channels, the app takes more, and the workflow converts the rest. The binary is the static
 * arm64 build inside the npm package @ffmpeg-installer/linux-arm64 (in its tarball: nothing is downloaded
 * at install time), installed from infra/layers/ffmpeg/package-lock.json, whose .npmrc lets npm take the
 * arm64 package on any machine that synthesizes. Unzipped about 33 MB; the layer puts it at /opt/ffmpeg.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { Architecture, Code, LayerVersion, Runtime } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { REPO_ROOT } from './app-function';

export const FFMPEG_LAYER_DIR = path.join(REPO_ROOT, 'infra/layers/ffmpeg');
export const FFMPEG_PACKAGE = '@ffmpeg-installer/linux-arm64';
/** Where the function finds it: a layer's files are under /opt. */
export const FFMPEG_IN_LAYER = '/opt/ffmpeg';

/** The package's folder (the layer's content), installed from its lock file on first use. */
export function ffmpegPackageDir(): string {
  const dir = path.join(FFMPEG_LAYER_DIR, 'node_modules', FFMPEG_PACKAGE);
  if (!existsSync(path.join(dir, 'ffmpeg'))) {
    try {
      execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: FFMPEG_LAYER_DIR, stdio: 'pipe' });
    } catch (error) {
      throw new Error(`Could not install ${FFMPEG_PACKAGE} in ${FFMPEG_LAYER_DIR} (npm ci): ${String((error as { stderr?: Buffer }).stderr ?? error)}`);
    }
  }
  return dir;
}

export class FfmpegLayer extends Construct {
  readonly layer: LayerVersion;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.layer = new LayerVersion(this, 'Layer', {
      code: Code.fromAsset(ffmpegPackageDir()),
      compatibleArchitectures: [Architecture.ARM_64],
      compatibleRuntimes: [Runtime.NODEJS_22_X],
      description: `ffmpeg 4.1 static for arm64, from ${FFMPEG_PACKAGE} (GPL-3.0): converts recordings Transcribe does not read`,
      license: 'GPL-3.0-or-later',
    });
  }
}
