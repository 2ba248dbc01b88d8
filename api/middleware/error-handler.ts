import type { Middleware } from 'koa';
import type { Logger } from '../../infra/logger';
import { toErrorResponse } from '../http/error-status';

/**
 * The one place errors become responses (CONTRACT §2), through the status table of api/http/error-status.ts:
 * AppErrors by their kind, HTTP errors thrown by Koa or the router with their own 4xx status, anything else a
 * generic 500, logged with the request id.
 */
export function errorHandler(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (thrown: unknown) {
      const response = toErrorResponse(thrown);
      if (response.status >= 500) {
        logger.error({ err: thrown, requestId: ctx.state.requestId, path: ctx.path }, 'request failed');
      }
      ctx.status = response.status;
      ctx.set(response.headers);
      ctx.body = response.body;
    }
  };
}
