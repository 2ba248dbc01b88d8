import { createHash } from 'node:crypto';
import type { RouterMiddleware } from '@koa/router';
import type { Context } from 'koa';
import { clientNetworkKey } from '../../infra/net/client-network';
import { createPostgresRateLimitStore, type RateLimitStore, type WindowCount } from '../../services/rate-limits';
import type { AppDeps } from '../app-deps';
import { authOf } from '../auth/auth-context';
import { HttpError } from '../http/http-error';
import type { RouteDefinition } from '../routing/route-definition';

/** Load balancers and readers of the reference must never be throttled. */
const EXEMPT_OPERATIONS: ReadonlySet<string> = new Set([
  'getHealth',
  'getApiHealth',
  'getOpenApiDocument',
  'getApiReference',
]);

/** Public operations that take a password or send mail: also limited per client IP and e-mail, more tightly. */
const CREDENTIAL_OPERATIONS: ReadonlySet<string> = new Set(['login', 'forgotPassword', 'resetPassword']);

// RFC 5321 caps an address at 254 characters; a longer "email" is hashed so a bucket key stays small.
const MAX_EMAIL_LENGTH = 254;

export interface RateLimitOptions {
  /** Tests inject a store (e.g. with a fixed clock); by default the PostgreSQL store on `deps.orm`. */
  store?: RateLimitStore;
}

/**
 * Rate limiting per route (CONTRACT §6), run after authentication: per tenant on authenticated routes (JWT and API
 * key together), per client IP on public ones, plus per IP and e-mail on login, forgot- and reset-password.
 * `RateLimit-*` headers are set before the rest of the chain runs, so later errors (403, 404) carry them too.
 */
export function rateLimitGuards(
  deps: AppDeps,
  options: RateLimitOptions = {},
): (route: RouteDefinition) => RouterMiddleware[] {
  const store = options.store ?? createPostgresRateLimitStore({ orm: deps.orm, logger: deps.logger });
  const limits = deps.config.rateLimit;
  return (route) => {
    if (route.auth.kind !== 'none') {
      return [limitWith((ctx) => store.hitTenant({ tenantId: authOf(ctx).tenantId, defaultLimit: limits.perMinute }))];
    }
    if (EXEMPT_OPERATIONS.has(route.operationId)) return [];
    const credentialRoute = CREDENTIAL_OPERATIONS.has(route.operationId);
    return [
      limitWith((ctx) => {
        const ip = clientIp(ctx);
        const perIp = { bucket: `ip:${ip}`, limit: limits.anonymousPerMinute };
        const perCredential = { bucket: credentialBucket(ip, ctx.request.body), limit: limits.loginPerMinute };
        return store.hitBuckets(credentialRoute ? [perIp, perCredential] : [perIp]).then(tightest);
      }),
    ];
  };
}

function limitWith(hit: (ctx: Context) => Promise<WindowCount>): RouterMiddleware {
  return async (ctx, next) => {
    const count = await hit(ctx);
    const remaining = Math.max(0, count.limit - count.hits);
    ctx.set({
      'RateLimit-Limit': String(count.limit),
      'RateLimit-Remaining': String(remaining),
      'RateLimit-Reset': String(count.resetSeconds),
    });
    if (count.hits > count.limit) throw rateLimited(count.resetSeconds);
    await next();
  };
}

/** CONTRACT §2: the wait is the same number in the message, `retryAfter`, `Retry-After` and `RateLimit-Reset`. */
function rateLimited(retryAfter: number): HttpError {
  return new HttpError('rate_limited', 'rate_limited', `Rate limit exceeded, retry in ${retryAfter} seconds`, {
    headers: { 'Retry-After': String(retryAfter) },
    retryAfter,
  });
}

/**
 * The bucket closest to its limit decides the headers (and the 429), the smaller limit on a tie; every window ends
 * at the same minute.
 */
function tightest(counts: readonly WindowCount[]): WindowCount {
  const remaining = (count: WindowCount) => count.limit - count.hits;
  const tighter = (a: WindowCount, b: WindowCount) => remaining(a) - remaining(b) || a.limit - b.limit;
  const [first, ...rest] = counts;
  if (first === undefined) throw new Error('no rate-limit bucket was counted');
  return rest.reduce((tight, count) => (tighter(count, tight) < 0 ? count : tight), first);
}

// Koa's ctx.ip: the socket's peer, or behind TRUSTED_PROXY_COUNT proxies the address they forwarded (docs/auth.md).
const clientIp = (ctx: Context): string => clientNetworkKey(ctx.ip || 'unknown');

/** `login:<ip>:<email>` (lowercased); a request without an e-mail (reset-password) is `login:<ip>`. */
function credentialBucket(ip: string, body: unknown): string {
  const email = typeof body === 'object' && body !== null ? (body as { email?: unknown }).email : undefined;
  if (typeof email !== 'string' || email.trim() === '') return `login:${ip}`;
  const normalized = email.trim().toLowerCase();
  const key =
    normalized.length <= MAX_EMAIL_LENGTH
      ? normalized
      : `sha256:${createHash('sha256').update(normalized).digest('hex')}`;
  return `login:${ip}:${key}`;
}
