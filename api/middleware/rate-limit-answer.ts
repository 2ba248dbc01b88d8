import type { Context } from 'koa';
import { clientNetworkKey } from '../../infra/net/client-network';
import type { WindowCount } from '../../services/platform/rate-limits';
import { HttpError } from '../http/http-error';

declare module 'koa' {
  interface DefaultState {
    /**
     * Set once a limiter has decided the request: `counted` (its `RateLimit-*` headers are set) or `exempt` (health,
     * reference). Unset, the request reached no limiter, and `unroutedRequestLimit` counts it on the way out.
     */
    rateLimit?: 'counted' | 'exempt';
  }
}

/** CONTRACT §6's headers for the window that counted the request; the request is then counted as far as limits go. */
export function setRateLimitHeaders(ctx: Context, count: WindowCount): void {
  ctx.set({
    'RateLimit-Limit': String(count.limit),
    'RateLimit-Remaining': String(Math.max(0, count.limit - count.hits)),
    'RateLimit-Reset': String(count.resetSeconds),
  });
  ctx.state.rateLimit = 'counted';
}

/** CONTRACT §2: the wait is the same number in the message, `retryAfter`, `Retry-After` and `RateLimit-Reset`. */
export function rateLimited(retryAfter: number): HttpError {
  return new HttpError('rate_limited', 'rate_limited', `Rate limit exceeded, retry in ${retryAfter} seconds`, {
    headers: { 'Retry-After': String(retryAfter) },
    retryAfter,
  });
}

// Koa's ctx.ip: the socket's peer, or behind TRUSTED_PROXY_COUNT proxies the address they forwarded (docs/auth.md).
export const clientIp = (ctx: Context): string => clientNetworkKey(ctx.ip || 'unknown');
