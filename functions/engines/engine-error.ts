/** A failure an engine explains to the user in its message (the handler shows it as is). */

export type EngineErrorCode =
  /** The engine can't handle the requested language (HTTP 422 / a readable workflow failure). */
  | 'unsupported-language'
  /** A local tool or model is not installed; the message names the Debian package. */
  | 'tool-missing'
  /** The recording can't be decoded or holds no audio. */
  | 'bad-media'
  /** The engine ran but failed or answered nonsense. */
  | 'failed';

export class EngineError extends Error {
  constructor(
    readonly code: EngineErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'EngineError';
  }
}
