import { isIPv6 } from 'node:net';

/** Groups of an IPv6 address, all eight, each a number (`::` expanded, a trailing IPv4 read as two). */
function ipv6Groups(address: string): number[] | null {
  const [head = '', tail] = address.split('::');
  const parse = (part: string): number[] => {
    if (!part) return [];
    const pieces = part.split(':');
    const last = pieces[pieces.length - 1]!;
    if (last.includes('.')) {
      const [a, b, c, d] = last.split('.').map(Number) as [number, number, number, number];
      pieces.splice(-1, 1, ((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
    }
    return pieces.map((piece) => parseInt(piece, 16));
  };
  const start = parse(head);
  const end = tail === undefined ? [] : parse(tail);
  const missing = 8 - start.length - end.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return null;
  return [...start, ...Array<number>(missing).fill(0), ...end];
}

/**
 * Who a rate limit counts: an IPv4 client by its full address (many people behind one NAT is normal
 * and the address is all we have), an IPv6 client by its /64, the block one home, phone or server
 * is given, so that rotating through its own addresses does not reset the count.
 */
export function rateLimitClientKey(ip: string): string {
  const address = ip.split('%')[0]!.toLowerCase();
  if (!isIPv6(address)) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  // An IPv4 client seen through a dual-stack socket (::ffff:203.0.113.7) is that IPv4 client.
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
