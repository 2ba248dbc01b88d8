import type { Context, Middleware } from 'koa';
import type { WindowCount } from '../../services/platform/rate-limits';
import { clientIp, rateLimited, setRateLimitHeaders } from './rate-limit-answer';

/**
 * CONTRACT §6 puts `RateLimit-*` headers on every response, but answers given before any route's limiter runs (404
 * for an unknown path, 405, 413, 415, malformed JSON, the routers' OPTIONS) had none. Such a request spends one
 * request of its client IP's anonymous window (a provider notification path: its own window, as its routes count),
 * as a failed authentication does, and carries that window's headers; over the limit it is a 429 instead. It is
 * counted on the way out, once no limiter has counted or exempted it, since only then is it known that no route
 * will. The docs assets are served before this middleware and stay unlimited.
 */
export function unroutedRequestLimit(hitIp: (ip: string, path: string) => Promise<WindowCount>): Middleware {
  const countIfNoLimiterDid = async (ctx: Context): Promise<void> => {
    if (ctx.state.rateLimit !== undefined) return;
    const count = await hitIp(clientIp(ctx), ctx.path);
    setRateLimitHeaders(ctx, count);
    if (count.hits > count.limit) throw rateLimited(count.resetSeconds);
  };
  return async (ctx, next) => {
    try {
      await next();
    } catch (error: unknown) {
      await countIfNoLimiterDid(ctx);
      throw error;
    }
    await countIfNoLimiterDid(ctx);
  };
}
