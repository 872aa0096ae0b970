/** Per-address limits count an IPv6 client by its /64 (issue 25): rotating through one network's addresses escapes none. */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { addressGroup } from '../../functions/domain/address-group';
import { VIEWER_ADDRESS_HEADER } from '../../functions/domain/constants';
import { clientAddress } from '../../functions/http/http';

it.each([
  ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
  ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
  ['2001:0DB8:0001:0002:0:0:0:7', '2001:db8:1:2::/64'],
  ['2001:db8::1', '2001:db8:0:0::/64'],
  ['::1', '0:0:0:0::/64'],
  ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ['2001:db8:1:2::192.0.2.1', '2001:db8:1:2::/64'],
  ['::ffff:203.0.113.9', '203.0.113.9'],
  ['203.0.113.9', '203.0.113.9'],
  ['not an address', 'not an address'],
  ['1::2::3', '1::2::3'],
])('%s counts as %s', (address, group) => {
  expect(addressGroup(address)).toBe(group);
});

it('two addresses of one /64 are one client, through CloudFront and locally alike; another /64 is another', () => {
  const event = (sourceIp: string, viewer?: string) =>
    ({ headers: viewer ? { [VIEWER_ADDRESS_HEADER]: viewer } : {}, requestContext: { http: { sourceIp } } }) as unknown as APIGatewayProxyEventV2;
  expect(clientAddress(event('130.176.0.1', '2001:db8:1:2::1'))).toBe(clientAddress(event('130.176.0.2', '2001:db8:1:2:abcd::9')));
  expect(clientAddress(event('2001:db8:1:2::1'))).toBe(clientAddress(event('2001:db8:1:2::2')));
  expect(clientAddress(event('2001:db8:1:3::1'))).not.toBe(clientAddress(event('2001:db8:1:2::1')));
});
