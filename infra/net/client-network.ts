import { isIPv4 } from 'node:net';
import { parseIpv6, type IpBytes } from './ip-address';

// One IPv6 subscriber usually holds a whole /64: limiting single addresses there would be limiting nobody.
const IPV6_PREFIX_GROUPS = 4;

/**
 * The part of a client address a per-IP limit counts: an IPv4 address as it is (also when written IPv4-mapped,
 * `::ffff:a.b.c.d`, as dual-stack sockets report it), an IPv6 address as its /64 network.
 */
export function clientNetworkKey(ip: string): string {
  if (isIPv4(ip)) return ip;
  const bytes = parseIpv6(ip);
  if (bytes === undefined) return ip;
  if (isIpv4Mapped(bytes)) return bytes.slice(12).join('.');
  const groups = Array.from({ length: IPV6_PREFIX_GROUPS }, (_, index) =>
    (((bytes[2 * index] ?? 0) << 8) | (bytes[2 * index + 1] ?? 0)).toString(16),
  );
  return `${groups.join(':')}::/64`;
}

const isIpv4Mapped = (bytes: IpBytes): boolean =>
  bytes.slice(0, 10).every((byte) => byte === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
