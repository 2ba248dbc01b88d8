import type { Middleware } from 'koa';
import { nameServerSpanByRoute, tagServerSpanWithRequestId } from '../../infra/tracing/http-route';

/**
 * Gives the request's trace its route template and request id (the Koa instrumentation does not support Koa 3).
 * After `requestId`; a no-op when tracing is off.
 */
export function traceRoute(): Middleware {
  return async (ctx, next) => {
    tagServerSpanWithRequestId(ctx.state.requestId);
    try {
      await next();
    } finally {
      const route = (ctx as { _matchedRoute?: string | RegExp })._matchedRoute;
      if (typeof route === 'string') nameServerSpanByRoute(route);
    }
  };
}
