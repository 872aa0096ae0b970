import type { IncomingMessage } from 'node:http';
import { callerAddress } from '../../infra/local/caller-address';

const request = (peer: string, forwardedFor?: string): IncomingMessage =>
  ({ socket: { remoteAddress: peer }, headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor } }) as unknown as IncomingMessage;

describe('callerAddress', () => {
  it('is the socket peer without a trusted proxy, whatever X-Forwarded-For says', () => {
    expect(callerAddress(request('192.0.2.9', '203.0.113.5'), undefined)).toBe('192.0.2.9');
  });
  it("is the peer when the peer is not the trusted proxy", () => {
    expect(callerAddress(request('192.0.2.9', '203.0.113.5'), '127.0.0.1')).toBe('192.0.2.9');
  });
  it("is the proxy's last X-Forwarded-For entry for the proxy's requests, a dual-stack peer included", () => {
    expect(callerAddress(request('::ffff:127.0.0.1', '198.51.100.1, 203.0.113.5'), '127.0.0.1')).toBe('203.0.113.5');
    expect(callerAddress(request('::1', '2001:db8::7'), '::1')).toBe('2001:db8::7');
  });
  it('falls back to the peer when the proxy forwards no address or a malformed one', () => {
    expect(callerAddress(request('127.0.0.1'), '127.0.0.1')).toBe('127.0.0.1');
    expect(callerAddress(request('127.0.0.1', 'unknown'), '127.0.0.1')).toBe('127.0.0.1');
  });
});
