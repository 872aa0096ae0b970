/**
 * The Lambda layer with ffmpeg for PrepareMedia (issue 13 point 5): Transcribe reads eight containers and
 * at most two channels, the app takes more, and the workflow converts the rest, in the media function only
 * (issue 25 point 7: an ffmpeg from 2019 on untrusted files runs where no permission is to be had). The binary is the static
 * arm64 build inside the npm package @ffmpeg-installer/linux-arm64 (in its tarball: nothing is downloaded
 * at install time), installed from infra/layers/ffmpeg/package-lock.json, whose .npmrc lets npm take the
 * arm64 package on any machine that synthesizes. Unzipped about 33 MB; the layer puts it at /opt/ffmpeg.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import { Architecture, Code, LayerVersion, Runtime } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { REPO_ROOT } from './app-function';

export const FFMPEG_LAYER_DIR = path.join(REPO_ROOT, 'infra/layers/ffmpeg');
export const FFMPEG_PACKAGE = '@ffmpeg-installer/linux-arm64';
/** Where the function finds it: a layer's files are under /opt. */
export const FFMPEG_IN_LAYER = '/opt/ffmpeg';

/**
 * The package's folder (the layer's content), installed from its lock file on first use: in a folder of its
 * own, then moved into place, so synths in parallel processes (the infra tests) never see half an install.
 */
export function ffmpegPackageDir(): string {
  const dir = path.join(FFMPEG_LAYER_DIR, 'node_modules', FFMPEG_PACKAGE);
  if (existsSync(path.join(dir, 'ffmpeg'))) return dir;
  // Beside the target: a rename stays on one file system.
  const work = mkdtempSync(path.join(FFMPEG_LAYER_DIR, '.install-'));
  try {
    for (const file of ['package.json', 'package-lock.json', '.npmrc']) copyFileSync(path.join(FFMPEG_LAYER_DIR, file), path.join(work, file));
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: work, stdio: 'pipe' });
    // Unless another process got there first (it has put the same files in place).
    if (!existsSync(path.join(dir, 'ffmpeg'))) renameSync(path.join(work, 'node_modules'), path.join(FFMPEG_LAYER_DIR, 'node_modules'));
  } catch (error) {
    if (!existsSync(path.join(dir, 'ffmpeg'))) throw new Error(`Could not install ${FFMPEG_PACKAGE} for ${FFMPEG_LAYER_DIR} (npm ci): ${String((error as { stderr?: Buffer }).stderr ?? error)}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
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
      compatibleRuntimes: [Runtime.NODEJS_24_X],
      description: `ffmpeg 4.1 static for arm64, from ${FFMPEG_PACKAGE} (GPL-3.0): converts recordings Transcribe does not read`,
      license: 'GPL-3.0-or-later',
    });
  }
}
