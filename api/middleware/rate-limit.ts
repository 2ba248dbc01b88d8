import { createHash } from 'node:crypto';
import type { RouterMiddleware } from '@koa/router';
import type { Context, Middleware } from 'koa';
import {
  createPostgresRateLimitStore,
  type RateLimitStore,
  type WindowCount,
} from '../../services/platform/rate-limits';
import type { AppDeps } from '../app-deps';
import { authOf } from '../auth/auth-context';
import { AppError } from '../../services/platform/errors';
import { wallClock } from '../../infra/wall-clock';
import { settledWithin } from '../../infra/concurrency/settled-within';
import type { RouteDefinition } from '../routing/route-definition';
import { clientIp, rateLimited, setRateLimitHeaders } from './rate-limit-answer';
import { unroutedRequestLimit } from './unrouted-rate-limit';

/** Load balancers and readers of the reference must never be throttled. */
const EXEMPT_OPERATIONS: ReadonlySet<string> = new Set([
  'getHealth',
  'getApiHealth',
  'getOpenApiDocument',
  'getApiReference',
  'getWebhooksReference',
]);

/** Public operations that take a password or send mail: also limited per client IP and e-mail, more tightly. */
const CREDENTIAL_OPERATIONS: ReadonlySet<string> = new Set(['login', 'forgotPassword', 'resetPassword']);

/**
 * Inbound provider notifications (`/webhooks/<provider>`, CONTRACT §11): a provider posts from a few addresses in
 * bursts (a batch of renewals, its retries), so they are exempt from the anonymous per-IP limit and counted against
 * a per-IP window of their own, which no tenant's limit shares.
 */
export const PROVIDER_NOTIFICATIONS_PER_MINUTE = 6_000;
const isProviderNotificationRoute = (route: RouteDefinition): boolean => route.path.startsWith('/webhooks/');
// The same routes as requests see them (under API_BASE_PATH), for answers given before routing (413, 415, 400);
// and the sandbox provider's API (`/sandbox/v1/`), which the platform's own workers call like a provider's, in
// bursts, from a few addresses.
const PROVIDER_NOTIFICATION_PATH = /^\/(?:api\/webhooks|sandbox\/v1)\//;

// RFC 5321 caps an address at 254 characters; a longer "email" is hashed so a bucket key stays small.
const MAX_EMAIL_LENGTH = 254;

export interface RateLimitOptions {
  /** Tests inject a store (e.g. with a fixed clock); by default the PostgreSQL store on `deps.orm`. */
  store?: RateLimitStore;
}

/** The limiter's two places in the guard chain (api/auth/guards.ts), and its place in front of routing. */
export interface RateLimiting {
  /** After authentication: per tenant on authenticated routes, per client IP (and e-mail) on public ones. */
  rateLimitFor: (route: RouteDefinition) => RouterMiddleware[];
  /** Around authentication on authenticated routes: a request refused with 401 counts against its client IP. */
  failedAuthenticationLimit: RouterMiddleware;
  /** App middleware around body parsing and routing: a request no route limited counts against its client IP. */
  unroutedRequestLimit: Middleware;
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
  return rateLimiting(deps, options).rateLimitFor;
}

/** Both halves of the limiter on one store. */
export function rateLimiting(deps: AppDeps, options: RateLimitOptions = {}): RateLimiting {
  const store = options.store ?? createPostgresRateLimitStore({ orm: deps.orm, logger: deps.logger });
  const limits = deps.config.rateLimit;
  const hitIp = (ip: string) =>
    store.hitBuckets([{ bucket: `ip:${ip}`, limit: limits.anonymousPerMinute }]).then(tightest);
  const peekIp = (ip: string) => store.peekBucket({ bucket: `ip:${ip}`, limit: limits.anonymousPerMinute });
  const hitProviderIp = (ip: string) =>
    store.hitBuckets([{ bucket: `provider-ip:${ip}`, limit: PROVIDER_NOTIFICATIONS_PER_MINUTE }]).then(tightest);
  // A request within its tenant's limit counts in the tenant's monthly requests, in memory (flushed every 5 s).
  const hitTenant = async (ctx: Context): Promise<WindowCount> => {
    const { tenantId } = authOf(ctx);
    const count = await store.hitTenant({ tenantId, defaultLimit: limits.perMinute });
    if (count.hits <= count.limit) deps.requestCounts.add(tenantId, wallClock.now());
    return count;
  };
  const rateLimitFor = (route: RouteDefinition): RouterMiddleware[] => {
    if (route.auth.kind !== 'none') return [limitWith(hitTenant)];
    if (EXEMPT_OPERATIONS.has(route.operationId)) return [exemptFromRateLimit(peekIp)];
    if (isProviderNotificationRoute(route)) return [limitWith((ctx) => hitProviderIp(clientIp(ctx)))];
    const credentialRoute = CREDENTIAL_OPERATIONS.has(route.operationId);
    return [
      limitWith((ctx) => {
        const ip = clientIp(ctx);
        if (!credentialRoute) return hitIp(ip);
        const perIp = { bucket: `ip:${ip}`, limit: limits.anonymousPerMinute };
        const perCredential = { bucket: credentialBucket(ip, ctx.request.body), limit: limits.loginPerMinute };
        return store.hitBuckets([perIp, perCredential]).then(tightest);
      }),
    ];
  };
  return {
    rateLimitFor,
    failedAuthenticationLimit: failedAuthenticationLimit(hitIp),
    unroutedRequestLimit: unroutedRequestLimit((ip, path) =>
      PROVIDER_NOTIFICATION_PATH.test(path) ? hitProviderIp(ip) : hitIp(ip),
    ),
  };
}

/**
 * An exempt route counts nothing, yet answers with the `RateLimit-*` headers of its client IP's anonymous window, as
 * every response does; when that window cannot be read (the database is down, which `/health` must still report),
 * it answers without them. Marks the request as decided, so `unroutedRequestLimit` does not count it either.
 */
function exemptFromRateLimit(peekIp: (ip: string) => Promise<WindowCount>): RouterMiddleware {
  return async (ctx, next) => {
    const count = await settledWithin(PEEK_TIMEOUT_MS, peekIp(clientIp(ctx)));
    if (count !== undefined) setRateLimitHeaders(ctx, count);
    ctx.state.rateLimit = 'exempt';
    await next();
  };
}

// A health check waits no longer than this for the headers: a slow database must not make it slow.
const PEEK_TIMEOUT_MS = 250;

// Client networks known to be over their limit, per process; bounded so a flood of addresses cannot grow it.
const MAX_BLOCKED_NETWORKS = 10_000;

/**
 * A request that fails authentication (401: no, malformed, unknown, revoked or expired credential) spends one
 * request of its client IP's anonymous window, the one public routes use, and its answer carries that window's
 * `RateLimit-*` headers. Over the limit the answer is 429 instead; from then until the window ends this process
 * answers 429 to that client network before authenticating, so guessing keys costs no credential lookup (a valid
 * credential from that network waits too: it cannot be told apart without the lookup). Requests that authenticate
 * count per tenant only.
 */
function failedAuthenticationLimit(hitIp: (ip: string) => Promise<WindowCount>): RouterMiddleware {
  // Monotonic time: how long this process keeps refusing, not when a window starts (the store decides that).
  const blockedUntil = new Map<string, { until: number; limit: number }>();
  const block = (ip: string, count: WindowCount): void => {
    if (blockedUntil.size >= MAX_BLOCKED_NETWORKS) {
      const now = performance.now();
      for (const [key, entry] of blockedUntil) if (entry.until <= now) blockedUntil.delete(key);
      const oldest = blockedUntil.keys().next();
      if (blockedUntil.size >= MAX_BLOCKED_NETWORKS && oldest.done !== true) blockedUntil.delete(oldest.value);
    }
    blockedUntil.set(ip, { until: performance.now() + count.resetSeconds * 1000, limit: count.limit });
  };
  return async (ctx, next) => {
    // The client's network is worked out only when some network is blocked or this request fails to authenticate:
    // parsing the address of every request cost about 1 % of the API's CPU (issue 15).
    const ip = blockedUntil.size === 0 ? undefined : clientIp(ctx);
    const blocked = ip === undefined ? undefined : blockedUntil.get(ip);
    if (ip !== undefined && blocked !== undefined) {
      const left = blocked.until - performance.now();
      if (left > 0) {
        const resetSeconds = Math.max(1, Math.ceil(left / 1000));
        setRateLimitHeaders(ctx, { bucket: `ip:${ip}`, hits: blocked.limit + 1, limit: blocked.limit, resetSeconds });
        throw rateLimited(resetSeconds);
      }
      blockedUntil.delete(ip);
    }
    try {
      await next();
    } catch (error) {
      if (ctx.state.auth !== undefined || !(error instanceof AppError) || error.kind !== 'unauthenticated') {
        throw error;
      }
      const failedIp = ip ?? clientIp(ctx);
      const count = await hitIp(failedIp);
      setRateLimitHeaders(ctx, count);
      if (count.hits > count.limit) {
        block(failedIp, count);
        throw rateLimited(count.resetSeconds);
      }
      throw error;
    }
  };
}

function limitWith(hit: (ctx: Context) => Promise<WindowCount>): RouterMiddleware {
  return async (ctx, next) => {
    const count = await hit(ctx);
    setRateLimitHeaders(ctx, count);
    if (count.hits > count.limit) throw rateLimited(count.resetSeconds);
    await next();
  };
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
