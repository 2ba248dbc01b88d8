import { isIPv4, isIPv6 } from 'node:net';

/** An IP address as its bytes: 4 for IPv4, 16 for IPv6. */
export type IpBytes = readonly number[];

/** Dotted-quad IPv4 (what DNS answers and the WHATWG URL parser produce) to its 4 bytes; undefined otherwise. */
export function parseIpv4(text: string): IpBytes | undefined {
  if (!isIPv4(text)) return undefined;
  return text.split('.').map(Number);
}

/**
 * IPv6 text (compressed `::`, an embedded dotted-quad tail, a `%zone` suffix) to its 16 bytes; undefined otherwise.
 * `node:net` validates the syntax first, so the expansion below only ever sees well-formed input.
 */
export function parseIpv6(text: string): IpBytes | undefined {
  const address = text.split('%')[0] ?? '';
  if (!isIPv6(address)) return undefined;
  const lastColon = address.lastIndexOf(':');
  const ipv4Tail = parseIpv4(address.slice(lastColon + 1));
  const hex = ipv4Tail === undefined ? address : `${address.slice(0, lastColon + 1)}0:0`;
  const [left = '', right] = hex.split('::');
  const leftGroups = left === '' ? [] : left.split(':');
  const rightGroups = right === undefined || right === '' ? [] : right.split(':');
  const zeros: string[] = Array.from({ length: 8 - leftGroups.length - rightGroups.length }, () => '0');
  const groups = right === undefined ? leftGroups : [...leftGroups, ...zeros, ...rightGroups];
  const bytes = groups.flatMap((group) => {
    const value = parseInt(group, 16);
    return [value >> 8, value & 0xff];
  });
  if (ipv4Tail !== undefined) bytes.splice(12, 4, ...ipv4Tail);
  return bytes;
}

/** Whether the first `prefixLength` bits of `address` equal those of `network` (same family). */
export function inPrefix(address: IpBytes, network: IpBytes, prefixLength: number): boolean {
  if (address.length !== network.length) return false;
  for (let bit = 0; bit < prefixLength; bit += 8) {
    const bits = Math.min(8, prefixLength - bit);
    const mask = (0xff << (8 - bits)) & 0xff;
    const index = bit / 8;
    if (((address[index] ?? 0) & mask) !== ((network[index] ?? 0) & mask)) return false;
  }
  return true;
}
