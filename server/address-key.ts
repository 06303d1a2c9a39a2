/**
 * The key a client's address is counted by in throttles. One IPv6 subscriber is handed a whole /64 (RFC 6177), so an
 * IPv6 address counts by its first 64 bits: otherwise a client would have 2^64 fresh addresses to spread its guesses
 * over. An IPv4 address, and one mapped into IPv6 (`::ffff:a.b.c.d`, what a dual-stack socket reports), is itself.
 */
import { isIPv4, isIPv6 } from 'node:net';

/** The first 64 bits of an IPv6 address as `a:b:c:d::/64`, its IPv4 address when it is IPv4-mapped; anything else as given. */
export function addressKey(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  if (!isIPv6(address)) return ip;
  const [head = '', tail] = address.split('::');
  const groupsOf = (part: string) =>
    part
      ? part.split(':').flatMap((g) => {
          if (!isIPv4(g)) return [Number.parseInt(g, 16)];
          const [a, b, c, d] = g.split('.').map(Number) as [number, number, number, number];
          return [(a << 8) | b, (c << 8) | d];
        })
      : [];
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  const groups = [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff)
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
