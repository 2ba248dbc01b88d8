import type { LookupFunction } from 'node:net';
import { Agent, request, type Dispatcher } from 'undici';
import { checkOutboundUrl, type OutboundPolicy } from './address-policy';

export interface OutboundHttpRequest {
  /** An http(s) URL a tenant chose (webhook endpoint, provider base URL): checked against `policy` first. */
  url: string;
  policy: OutboundPolicy;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: Buffer | string;
  signal?: AbortSignal;
  headersTimeout?: number;
  bodyTimeout?: number;
}

/** What `read` is given: the status, headers and the body stream. */
export type OutboundResponse = Dispatcher.ResponseData;

/** `refused`: the target failed the address policy, nothing was sent. */
export type OutboundHttpOutcome<T> = { ok: true; value: T } | { ok: false; refused: string };

/**
 * The one way the platform sends an HTTP request to an address a tenant chose. The URL's host is checked
 * (`checkOutboundUrl`: every address it resolves to must be public unless the operator allows private targets),
 * resolved once for that check, and the socket connects to the checked address: the connection's own lookup answers
 * with it, so a DNS answer that changes after the check (DNS rebinding) is never used, while `Host` and the TLS
 * server name (SNI, certificate check) stay the URL's host name. No redirect is followed (undici's `request` follows
 * none), so nothing reaches an unchecked host. `read` consumes the response; the connection is dropped after it, also
 * when it throws. Network errors are thrown to the caller; a refused target is an outcome.
 */
export async function outboundRequest<T>(
  outbound: OutboundHttpRequest,
  read: (response: OutboundResponse) => Promise<T>,
): Promise<OutboundHttpOutcome<T>> {
  const check = await checkOutboundUrl(outbound.url, outbound.policy);
  if (!check.ok) return { ok: false, refused: check.reason };
  // No address when private targets are allowed and the host is a name: it is not resolved then (development).
  const checked = check.addresses[0];
  const dispatcher = new Agent({ connect: checked === undefined ? {} : { lookup: pinnedLookup(checked) } });
  try {
    const response = await request(outbound.url, {
      method: outbound.method,
      headers: outbound.headers,
      dispatcher,
      ...(outbound.body === undefined ? {} : { body: outbound.body }),
      ...(outbound.signal === undefined ? {} : { signal: outbound.signal }),
      ...(outbound.headersTimeout === undefined ? {} : { headersTimeout: outbound.headersTimeout }),
      ...(outbound.bodyTimeout === undefined ? {} : { bodyTimeout: outbound.bodyTimeout }),
    });
    try {
      return { ok: true, value: await read(response) };
    } finally {
      response.body.destroy();
    }
  } finally {
    // destroy drops a (possibly hanging) socket instead of waiting for it to drain.
    await dispatcher.destroy().catch(() => undefined);
  }
}

/** A `net.connect` lookup that answers with the checked address whatever the name (IPv4 or IPv6 text). */
function pinnedLookup(address: string): LookupFunction {
  const family = address.includes(':') ? 6 : 4;
  return (_hostname, options, callback) => {
    if (options.all === true) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}
