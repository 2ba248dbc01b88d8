import type { LookupFunction } from 'node:net';
import { Agent, request, type Dispatcher } from 'undici';
import { excerptResponseBody, RESPONSE_EXCERPT_MAX_BYTES } from '../../domain/webhooks';
import { checkOutboundUrl, type LookupAll } from '../../infra/net/address-policy';

export const WEBHOOK_USER_AGENT = 'billing-platform-webhooks/1.0';

export interface WebhookPost {
  url: string;
  /** The exact bytes that were signed. */
  body: Buffer;
  /** The Standard Webhooks headers (content type and user agent are added here). */
  headers: Record<string, string>;
  /** WEBHOOK_ALLOW_PRIVATE_TARGETS. */
  allowPrivateTargets: boolean;
  /** The whole budget: DNS, connect, headers and the body excerpt (SPEC §6.3: 30 s). */
  timeoutMs: number;
  /** Resolves the target host (tests); the system resolver by default. */
  lookup?: LookupAll;
}

/** What one POST gave, as recorded in `webhook_attempts`. */
export interface WebhookPostResult {
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  responseExcerpt: string | null;
}

const DNS_TIMEOUT_MS = 5_000;

/**
 * One POST, never retried here and never thrown from: every failure (refused target, DNS, connection, timeout,
 * non-2xx is the caller's call) comes back as a result. The target is checked at send time (SSRF) and the socket
 * connects to the address that was checked, so a DNS answer that changes after the check (rebinding) is not used.
 * No redirect is followed: undici's `request` has no redirect handling unless asked.
 */
export async function sendWebhook(post: WebhookPost): Promise<WebhookPostResult> {
  const started = performance.now();
  const elapsed = (): number => Math.round(performance.now() - started);
  const deadline = AbortSignal.timeout(post.timeoutMs);
  const check = await checkOutboundUrl(post.url, {
    allowPrivateTargets: post.allowPrivateTargets,
    ...(post.lookup === undefined ? {} : { lookup: post.lookup }),
    timeoutMs: Math.min(DNS_TIMEOUT_MS, post.timeoutMs),
  });
  if (!check.ok) return failure(elapsed(), null, `target refused: ${check.reason}`);
  const dispatcher = new Agent({
    connect: check.addresses[0] === undefined ? {} : { lookup: pinnedLookup(check.addresses[0]) },
  });
  let statusCode: number | null = null;
  try {
    const response = await request(post.url, {
      method: 'POST',
      headers: { ...post.headers, 'content-type': 'application/json', 'user-agent': WEBHOOK_USER_AGENT },
      body: post.body,
      signal: deadline,
      dispatcher,
    });
    statusCode = response.statusCode;
    const excerpt = await readExcerpt(response.body);
    return { statusCode, durationMs: elapsed(), error: null, responseExcerpt: excerpt };
  } catch (error) {
    return failure(elapsed(), statusCode, describeFailure(error, deadline, post.timeoutMs));
  } finally {
    // Not awaited for long: destroy drops the (possibly hanging) socket instead of waiting for it to drain.
    await dispatcher.destroy().catch(() => undefined);
  }
}

function failure(durationMs: number, statusCode: number | null, error: string): WebhookPostResult {
  return { statusCode, durationMs, error, responseExcerpt: null };
}

/** A `net.connect` lookup that answers with the checked address whatever the name (IPv4 or IPv6 text). */
function pinnedLookup(address: string): LookupFunction {
  const family = address.includes(':') ? 6 : 4;
  return (_hostname, options, callback) => {
    if (options.all === true) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

/** Reads the body up to the excerpt size only: a receiver streaming megabytes does not hold the attempt. */
async function readExcerpt(body: Dispatcher.ResponseData['body']): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= RESPONSE_EXCERPT_MAX_BYTES) break;
  }
  body.destroy();
  return size === 0 ? null : excerptResponseBody(Buffer.concat(chunks));
}

function describeFailure(error: unknown, deadline: AbortSignal, timeoutMs: number): string {
  if (deadline.aborted) return `timeout: no complete response within ${timeoutMs / 1000} s`;
  if (!(error instanceof Error)) return `request failed: ${String(error)}`;
  const cause = error.cause instanceof Error ? error.cause : undefined;
  const code = (cause as NodeJS.ErrnoException | undefined)?.code ?? (error as NodeJS.ErrnoException).code;
  const message = cause?.message ?? error.message;
  return code === undefined ? `request failed: ${message}` : `request failed: ${code} ${message}`;
}
