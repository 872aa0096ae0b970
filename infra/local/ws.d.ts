/**
 * The part of the `ws` package (installed with jsdom; no @types/ws here) that the streaming stand-in
 * (./transcribe-streaming-stand-in.ts) and its test use: a server taking upgrades, and a Node client with
 * the browser's WebSocket interface.
 */
declare module 'ws' {
  import type { IncomingMessage } from 'node:http';
  import type { Duplex } from 'node:stream';

  export class WebSocket {
    constructor(url: string);
    binaryType: 'nodebuffer' | 'arraybuffer' | 'fragments';
    readonly readyState: number;
    readonly OPEN: number;
    onopen: ((event: unknown) => void) | null;
    onmessage: ((event: { data: unknown }) => void) | null;
    onerror: ((event: unknown) => void) | null;
    onclose: ((event: unknown) => void) | null;
    send(data: Uint8Array): void;
    close(code?: number, reason?: string): void;
    terminate(): void;
    on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): this;
    on(event: 'close', listener: () => void): this;
  }

  export class WebSocketServer {
    constructor(options: { noServer: true });
    readonly clients: Set<WebSocket>;
    handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer, callback: (socket: WebSocket) => void): void;
    close(callback?: () => void): void;
  }
}
