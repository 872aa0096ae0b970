/** Runs a local command-line tool with an argument array (never a shell), collecting its output. */
import { spawn } from 'node:child_process';
import { EngineError } from './engine-error';

export interface ToolResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

export interface ToolOptions {
  /** The Debian package that provides the command, named in the error when it is missing. */
  debianPackage: string;
}

export function runTool(command: string, args: readonly string[], options: ToolOptions): Promise<ToolResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (data: Buffer) => stdout.push(data));
    child.stderr.on('data', (data: Buffer) => stderr.push(data));
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new EngineError('tool-missing', `${command} is not installed. Install the Debian package ${options.debianPackage} (apt-get install ${options.debianPackage}).`)
          : error,
      );
    });
    child.on('close', (exitCode) => {
      resolve({ exitCode: exitCode ?? 1, stdout: Buffer.concat(stdout).toString('utf8'), stderr: Buffer.concat(stderr).toString('utf8') });
    });
  });
}
