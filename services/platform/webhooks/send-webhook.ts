import {
  describeUnacknowledgedStatus,
  excerptResponseBody,
  RESPONSE_EXCERPT_MAX_BYTES,
} from '../../../domain/webhooks';
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
  /**
   * The whole budget (SPEC §6.3: 30 s): DNS, connect and the status line with its headers, which decide the attempt;
   * then the body excerpt, read within what is left (`EXCERPT_READ_MS` at most) without changing the outcome.
   */
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
 * How long the body may take, after the status line, to give the excerpt: a receiver that answers at once and leaves
 * its body open does not hold the attempt for the rest of the budget.
 */
const EXCERPT_READ_MS = 5_000;

/**
 * One POST, never retried here and never thrown from: every failure (refused target, DNS, connection, no answer
 * within the budget, a non-2xx answer) comes back as a result with its `error`. An answer is its status line and
 * headers: once they arrive, what the body does (stays open, breaks off) only limits the excerpt. `outboundRequest`
 * checks the target at send time (SSRF), connects to the address it checked (DNS rebinding) and follows no redirect.
 */
export async function sendWebhook(post: WebhookPost): Promise<WebhookPostResult> {
  const started = performance.now();
  const elapsed = (): number => Math.round(performance.now() - started);
  const deadline = AbortSignal.timeout(post.timeoutMs);
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
      async (response) => ({
        statusCode: response.statusCode,
        excerpt: await readExcerpt(response.body, Math.min(EXCERPT_READ_MS, post.timeoutMs - elapsed())),
      }),
    );
    if (!outcome.ok) return failure(elapsed(), `target refused: ${outcome.refused}`);
    const { statusCode, excerpt } = outcome.value;
    return {
      statusCode,
      durationMs: elapsed(),
      error: describeUnacknowledgedStatus(statusCode),
      responseExcerpt: excerpt,
    };
  } catch (error) {
    // Only before the status line: once it has arrived, `readExcerpt` throws nothing.
    return failure(elapsed(), describeFailure(error, deadline, post.timeoutMs));
  }
}

function failure(durationMs: number, error: string): WebhookPostResult {
  return { statusCode: null, durationMs, error, responseExcerpt: null };
}

/**
 * Reads the body up to the excerpt size, for `windowMs` at most, then drops it: a receiver streaming megabytes, or
 * leaving its body open, does not hold the attempt. A body that breaks off or runs out of time gives what it gave.
 */
async function readExcerpt(body: OutboundResponse['body'], windowMs: number): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  const timer = setTimeout(() => body.destroy(), Math.max(0, windowMs));
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= RESPONSE_EXCERPT_MAX_BYTES) break;
    }
  } catch {
    // Cut off (the window, the deadline, the receiver): the answer stands with the bytes that came.
  } finally {
    clearTimeout(timer);
    body.destroy();
  }
  return size === 0 ? null : excerptResponseBody(Buffer.concat(chunks));
}

function describeFailure(error: unknown, deadline: AbortSignal, timeoutMs: number): string {
  if (deadline.aborted) return `timeout: no response within ${timeoutMs / 1000} s`;
  if (!(error instanceof Error)) return `request failed: ${String(error)}`;
  const cause = error.cause instanceof Error ? error.cause : undefined;
  const code = (cause as NodeJS.ErrnoException | undefined)?.code ?? (error as NodeJS.ErrnoException).code;
  const message = cause?.message ?? error.message;
  return code === undefined ? `request failed: ${message}` : `request failed: ${code} ${message}`;
}
