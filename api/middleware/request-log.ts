import type { Middleware } from 'koa';
import type { Logger } from '../../infra/logger';

/** One structured line per request: request id, method, matched route template, status, duration. */
export function requestLog(logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const durationMs = Number((process.hrtime.bigint() - started) / 1000n) / 1000;
      const route = (ctx as { _matchedRoute?: string | RegExp })._matchedRoute;
      logger.info(
        {
          requestId: ctx.state.requestId,
          method: ctx.method,
          route: typeof route === 'string' ? route : null,
          path: ctx.path,
          status: ctx.status,
          durationMs,
        },
        'request',
      );
    }
  };
}
