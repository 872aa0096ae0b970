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
  /** Written to the tool's standard input, which is then closed. */
  input?: string;
}

export function runTool(command: string, args: readonly string[], options: ToolOptions): Promise<ToolResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
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
    // A tool that exits without reading its input must not crash us with EPIPE.
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ?? '');
  });
}
