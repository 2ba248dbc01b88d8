import { excerptResponseBody, RESPONSE_EXCERPT_MAX_BYTES } from '../../../domain/webhooks';
import type { LookupAll } from '../../../infra/net/address-policy';
import { outboundRequest, type OutboundResponse } from '../../../infra/net/outbound-http';

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
 * non-2xx is the caller's call) comes back as a result. `outboundRequest` checks the target at send time (SSRF),
 * connects to the address it checked (DNS rebinding) and follows no redirect.
 */
export async function sendWebhook(post: WebhookPost): Promise<WebhookPostResult> {
  const started = performance.now();
  const elapsed = (): number => Math.round(performance.now() - started);
  const deadline = AbortSignal.timeout(post.timeoutMs);
  let statusCode: number | null = null;
  try {
    const outcome = await outboundRequest(
      {
        url: post.url,
        policy: {
          allowPrivateTargets: post.allowPrivateTargets,
          ...(post.lookup === undefined ? {} : { lookup: post.lookup }),
          timeoutMs: Math.min(DNS_TIMEOUT_MS, post.timeoutMs),
        },
        method: 'POST',
        headers: { ...post.headers, 'content-type': 'application/json', 'user-agent': WEBHOOK_USER_AGENT },
        body: post.body,
        signal: deadline,
      },
      (response) => {
        statusCode = response.statusCode;
        return readExcerpt(response.body);
      },
    );
    if (!outcome.ok) return failure(elapsed(), null, `target refused: ${outcome.refused}`);
    return { statusCode, durationMs: elapsed(), error: null, responseExcerpt: outcome.value };
  } catch (error) {
    return failure(elapsed(), statusCode, describeFailure(error, deadline, post.timeoutMs));
  }
}

function failure(durationMs: number, statusCode: number | null, error: string): WebhookPostResult {
  return { statusCode, durationMs, error, responseExcerpt: null };
}

/** Reads the body up to the excerpt size only: a receiver streaming megabytes does not hold the attempt. */
async function readExcerpt(body: OutboundResponse['body']): Promise<string | null> {
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
