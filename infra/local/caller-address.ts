/**
 * Who is calling the local app, by address. Directly, the socket's peer. Behind a team's reverse proxy
 * every request comes from the proxy, so per-address limits (login attempts, mails) would count the
 * whole team as one caller: with TRUSTED_PROXY set, a request whose peer is that proxy is taken to come
 * from the address the proxy added last to X-Forwarded-For. Nobody else's header is believed.
 */
import { isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';

/** `::ffff:127.0.0.1` (an IPv4 peer on a dual-stack socket) is 127.0.0.1. */
const plain = (address: string): string => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

export function callerAddress(req: IncomingMessage, trustedProxy: string | undefined): string {
  const peer = plain(req.socket.remoteAddress ?? '');
  if (trustedProxy === undefined || peer !== plain(trustedProxy)) return peer;
  const forwarded = req.headers['x-forwarded-for'];
  const last = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? '')).split(',').at(-1)?.trim() ?? '';
  return isIP(plain(last)) ? plain(last) : peer;
}
