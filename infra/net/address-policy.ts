import { lookup } from 'node:dns/promises';
import { inPrefix, parseIpv4, parseIpv6, type IpBytes } from './ip-address';

/**
 * Where an outbound request from the platform (a tenant's webhook, a tenant's SMTP server) may go. Anything but
 * `public` can reach the platform's own network (loopback, the VPC, the cloud metadata service at 169.254.169.254),
 * which a tenant must not be able to probe (SSRF), unless the operator allows it (WEBHOOK_ALLOW_PRIVATE_TARGETS).
 */
export type AddressClass =
  | 'public'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'shared'
  | 'link_local'
  | 'unique_local'
  | 'multicast'
  | 'documentation'
  | 'reserved'
  | 'invalid';

type Rule = readonly [network: string, prefixLength: number, addressClass: AddressClass];

// The IANA special-purpose address registries (RFC 6890 and later): every range there that is not globally reachable
// is refused, internal or merely unrouted. The IETF protocol blocks (192.0.0.0/24, 2001::/23) go whole: their few
// anycast services are no webhook receivers. What no rule names is public (IPv4), or public within 2000::/3 (IPv6).
const IPV4_RULES: readonly Rule[] = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'shared'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link_local'],
  ['172.16.0.0', 12, 'private'],
  // IETF protocol assignments: not globally routed, and home to some providers' internal services.
  ['192.0.0.0', 24, 'reserved'],
  // TEST-NET-1, -2 and -3 (RFC 5737): documentation only, never a real host.
  ['192.0.2.0', 24, 'documentation'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  // The deprecated 6to4 relay anycast (RFC 7526).
  ['192.88.99.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  // Benchmarking (RFC 2544): not globally routed, sometimes used inside data centres.
  ['198.18.0.0', 15, 'reserved'],
  ['224.0.0.0', 4, 'multicast'],
  // Reserved for future use (RFC 1112), the limited broadcast 255.255.255.255 included.
  ['240.0.0.0', 4, 'reserved'],
];

const IPV6_RULES: readonly Rule[] = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  // Local-use NAT64 (RFC 8215): a network's own translator, its IPv4 not necessarily at a fixed place.
  ['64:ff9b:1::', 48, 'reserved'],
  // Discard-only (RFC 6666) and the dummy prefix (RFC 9780).
  ['100::', 64, 'reserved'],
  ['100:0:0:1::', 64, 'reserved'],
  // IETF protocol assignments (RFC 2928): Teredo, benchmarking, ORCHID; not a place for a webhook receiver.
  ['2001::', 23, 'reserved'],
  // Documentation (RFC 3849, RFC 9637).
  ['2001:db8::', 32, 'documentation'],
  ['3fff::', 20, 'documentation'],
  // Segment routing SIDs (RFC 9602).
  ['5f00::', 16, 'reserved'],
  ['fc00::', 7, 'unique_local'],
  ['fe80::', 10, 'link_local'],
  ['fec0::', 10, 'private'],
  ['ff00::', 8, 'multicast'],
];

// IPv6 forms that carry an IPv4 address, which decides: mapped (::ffff:a.b.c.d), translated (::ffff:0:a.b.c.d,
// RFC 2765), NAT64 (64:ff9b::a.b.c.d), the deprecated IPv4-compatible form (::a.b.c.d) and 6to4 (2002:aabb:ccdd::).
const EMBEDDED_IPV4: readonly (readonly [network: string, prefixLength: number, offset: number])[] = [
  ['::ffff:0:0', 96, 12],
  ['::ffff:0:0:0', 96, 12],
  ['64:ff9b::', 96, 12],
  ['::', 96, 12],
  ['2002::', 16, 2],
];

// Global unicast (RFC 4291): the rest of the IPv6 space is reserved by the IETF, hence never a public destination.
const IPV6_GLOBAL_UNICAST = { network: '2000::', prefixLength: 3 };

const compile = (rules: readonly Rule[], parse: (text: string) => IpBytes | undefined) =>
  rules.map(([network, prefixLength, addressClass]) => ({ bytes: parse(network) ?? [], prefixLength, addressClass }));
const ipv4Rules = compile(IPV4_RULES, parseIpv4);
const ipv6Rules = compile(IPV6_RULES, parseIpv6);
const globalUnicast = parseIpv6(IPV6_GLOBAL_UNICAST.network) ?? [];
const embeddedIpv4 = EMBEDDED_IPV4.map(([network, prefixLength, offset]) => ({
  bytes: parseIpv6(network) ?? [],
  prefixLength,
  offset,
}));

/** The class of one IP address (IPv4 or IPv6 text); `invalid` for anything that is not an address. */
export function classifyAddress(address: string): AddressClass {
  const ipv4 = parseIpv4(address);
  if (ipv4 !== undefined) return classifyBytes(ipv4, ipv4Rules);
  const ipv6 = parseIpv6(address);
  if (ipv6 === undefined) return 'invalid';
  const exact = classifyBytes(ipv6, ipv6Rules);
  if (exact !== 'public') return exact;
  const embedded = embeddedIpv4.find((form) => inPrefix(ipv6, form.bytes, form.prefixLength));
  if (embedded !== undefined) return classifyBytes(ipv6.slice(embedded.offset, embedded.offset + 4), ipv4Rules);
  return inPrefix(ipv6, globalUnicast, IPV6_GLOBAL_UNICAST.prefixLength) ? 'public' : 'reserved';
}

function classifyBytes(bytes: IpBytes, rules: ReturnType<typeof compile>): AddressClass {
  return rules.find((rule) => inPrefix(bytes, rule.bytes, rule.prefixLength))?.addressClass ?? 'public';
}

export type LookupAll = (hostname: string) => Promise<readonly { address: string }[]>;

export interface OutboundPolicy {
  /** WEBHOOK_ALLOW_PRIVATE_TARGETS: development and tests reach local receivers; no DNS lookup is made. */
  allowPrivateTargets: boolean;
  /** Resolves every address of a host; `node:dns/promises` lookup by default (tests inject their own). */
  lookup?: LookupAll;
  timeoutMs?: number;
}

/** `addresses` are those checked: a sender should connect to one of them, not resolve again (DNS rebinding). */
export type OutboundCheck = { ok: true; addresses: readonly string[] } | { ok: false; reason: string };

const CLASS_LABELS: Readonly<Record<AddressClass, string>> = {
  public: 'a public',
  unspecified: 'an unspecified',
  loopback: 'a loopback',
  private: 'a private',
  shared: 'a shared (carrier-grade NAT)',
  link_local: 'a link-local',
  unique_local: 'a unique local',
  multicast: 'a multicast',
  documentation: 'a documentation (example-only)',
  reserved: 'a reserved',
  invalid: 'an invalid',
};

const DEFAULT_TIMEOUT_MS = 5_000;
const systemLookup: LookupAll = (hostname) => lookup(hostname, { all: true, order: 'verbatim' });

/**
 * Checks that a host (name or IP literal, IPv6 with or without brackets) is a public destination: every address it
 * resolves to must be public, since a client may connect to any of them. Empty `addresses` when private targets are
 * allowed and the host is a name (it is not resolved then).
 */
export async function checkOutboundHost(host: string, policy: OutboundPolicy): Promise<OutboundCheck> {
  const literal = host.replace(/^\[(.*)\]$/, '$1');
  const isLiteral = classifyAddress(literal) !== 'invalid';
  if (policy.allowPrivateTargets) return { ok: true, addresses: isLiteral ? [literal] : [] };
  let addresses: string[];
  try {
    addresses = isLiteral ? [literal] : await resolveAll(literal, policy);
  } catch {
    return { ok: false, reason: `host ${literal} could not be resolved` };
  }
  if (addresses.length === 0) return { ok: false, reason: `host ${literal} has no address` };
  for (const address of addresses) {
    const addressClass = classifyAddress(address);
    if (addressClass !== 'public') {
      const kind = CLASS_LABELS[addressClass];
      return { ok: false, reason: `host ${literal} resolves to ${kind} address (${address}), which is not allowed` };
    }
  }
  return { ok: true, addresses };
}

/** An http(s) URL whose host passes `checkOutboundHost`. */
export async function checkOutboundUrl(url: string, policy: OutboundPolicy): Promise<OutboundCheck> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: 'must be an absolute http or https URL' };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return { ok: false, reason: 'must be an http or https URL' };
  }
  // The WHATWG parser has already normalised numeric hosts (`http://2130706433/`, `http://0x7f.1/`) to dotted quads.
  return checkOutboundHost(parsed.hostname, policy);
}

async function resolveAll(hostname: string, policy: OutboundPolicy): Promise<string[]> {
  const resolve = policy.lookup ?? systemLookup;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      reject(new Error('DNS lookup timed out'));
    }, policy.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  });
  try {
    const results = await Promise.race([resolve(hostname), timeout]);
    return results.map((result) => result.address);
  } finally {
    clearTimeout(timer);
  }
}
