import type { IncomingHttpHeaders, RequestListener, Server } from 'node:http';

/** The run's token and the header it travels in. */
export interface LocalAccess {
  token: string;
  tokenHeader: string;
}

export declare function carriesToken(headers: IncomingHttpHeaders, access: LocalAccess): boolean;
export declare function tokenGate(access: LocalAccess, listener: RequestListener): RequestListener;
export declare function gateServer(server: Server, access: LocalAccess): void;
