/**
 * The client a per-address limit counts (issue 25): an IPv4 address as it is, an IPv6 address by its /64
 * (the network one subscriber gets: rotating through its 2^64 addresses is no way around a limit). Pure.
 */

/** The eight 16-bit groups of an IPv6 address, or null when `address` is not one (an embedded IPv4 tail counts as two). */
function ipv6Groups(address: string): number[] | null {
  const [head = '', tail, extra] = address.split('::');
  if (extra !== undefined) return null;
  const parse = (part: string): number[] | null => {
    if (part === '') return [];
    const groups: number[] = [];
    for (const piece of part.split(':')) {
      const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(piece);
      if (v4) groups.push((Number(v4[1]) << 8) | Number(v4[2]), (Number(v4[3]) << 8) | Number(v4[4]));
      else if (/^[0-9a-f]{1,4}$/i.test(piece)) groups.push(parseInt(piece, 16));
      else return null;
    }
    return groups;
  };
  const first = parse(head);
  const last = tail === undefined ? [] : parse(tail);
  if (!first || !last) return null;
  const missing = 8 - first.length - last.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  return [...first, ...Array<number>(tail === undefined ? 0 : missing).fill(0), ...last];
}

/** `address` as a per-address limit counts it: IPv4 (also mapped into IPv6) as is, IPv6 as its /64 prefix; anything else as is. */
export function addressGroup(address: string): string {
  const groups = address.includes(':') ? ipv6Groups(address.replace(/%.*$/, '')) : null;
  if (!groups) return address;
  // ::ffff:a.b.c.d is an IPv4 client on a dual-stack socket.
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  return `${groups.slice(0, 4).map((group) => group.toString(16)).join(':')}::/64`;
}
