import type { Middleware } from 'koa';
import type { Logger } from '../../infra/logger';
import { AppError } from '../http/app-error';
import type { ErrorBody } from '../http/error-body.schema';

/**
 * The one place errors become responses (CONTRACT §2). AppErrors carry their own status and code; HTTP errors
 * thrown by Koa or the router keep their 4xx status; everything else is a generic 500, logged with the request id.
 */
export function errorHandler(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (thrown: unknown) {
      const error = toAppError(thrown);
      if (error.statusCode >= 500) {
        logger.error({ err: thrown, requestId: ctx.state.requestId, path: ctx.path }, 'request failed');
      }
      const body: ErrorBody = { statusCode: error.statusCode, message: error.message, error: error.code };
      if (error.details !== undefined) body.details = [...error.details];
      if (error.extras.retryAfter !== undefined) body.retryAfter = error.extras.retryAfter;
      ctx.status = error.statusCode;
      ctx.set(error.headers);
      ctx.body = body;
    }
  };
}

const HTTP_ERROR_CODES: Readonly<Record<number, string>> = {
  400: 'bad_request',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  501: 'not_implemented',
};

function toAppError(thrown: unknown): AppError {
  if (thrown instanceof AppError) return thrown;
  const status = exposedHttpStatus(thrown);
  if (status !== undefined) {
    const message = thrown instanceof Error ? thrown.message : 'Request failed';
    return new AppError(status, HTTP_ERROR_CODES[status] ?? 'request_failed', message);
  }
  return new AppError(500, 'internal_error', 'Internal server error');
}

/** Errors from http-errors (Koa, router) say whether their message is safe to show; only those keep their status. */
function exposedHttpStatus(thrown: unknown): number | undefined {
  if (typeof thrown !== 'object' || thrown === null) return undefined;
  const { status, expose } = thrown as { status?: unknown; expose?: unknown };
  if (typeof status !== 'number' || expose !== true || status < 400 || status >= 500) return undefined;
  return status;
}
