import { AppError, RetryLaterError, type ErrorKind } from '../../services/platform/errors';
import type { ErrorBody } from './error-body.schema';
import { HttpError } from './http-error';
import { isConnectionWaitTimeout, isDatabaseUnavailable } from '../../infra/db/postgres-errors';

/** The HTTP status of each kind of AppError (CONTRACT §2). */
export const STATUS_BY_KIND: Readonly<Record<ErrorKind, number>> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  unavailable: 503,
};

/**
 * Codes whose status says more than their kind: HTTP's own refusals of a request's form. To any other caller they
 * are `invalid`, like every bad input.
 */
export const STATUS_BY_CODE: Readonly<Partial<Record<string, number>>> = {
  method_not_allowed: 405,
  payload_too_large: 413,
  unsupported_media_type: 415,
  // CONTRACT §15: the key names another request; the request itself may be fine.
  idempotency_key_reused: 422,
  // CONTRACT §11: the payment provider refused (an upstream's answer, not ours to retry blindly).
  payment_provider_error: 502,
  // CONTRACT §12: the mail server refused the invoice e-mail or could not be reached.
  email_failed: 502,
};

/** Codes for the 4xx errors Koa and the router throw themselves (http-errors), which come with their status. */
const CODE_BY_HTTP_STATUS: Readonly<Partial<Record<number, string>>> = {
  400: 'bad_request',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  501: 'not_implemented',
};

export interface ErrorResponse {
  status: number;
  headers: Readonly<Record<string, string>>;
  body: ErrorBody;
}

/** Anything not raised on purpose: its text may hold internals, so none of it is shown. */
const INTERNAL_ERROR: ErrorResponse = {
  status: 500,
  headers: {},
  body: { statusCode: 500, message: 'Internal server error', error: 'internal_error' },
};

export const statusOf = (error: AppError): number => STATUS_BY_CODE[error.code] ?? STATUS_BY_KIND[error.kind];

/** A 503 the client may retry after `retryAfter` seconds: the same number in `Retry-After` and the body. */
const retryLater = (error: string, message: string, retryAfter: number): ErrorResponse => ({
  status: 503,
  headers: { 'Retry-After': String(retryAfter) },
  body: { statusCode: 503, message, error, retryAfter },
});

/** Every pooled database connection stayed busy past the wait limit: a load spike, so the client retries shortly. */
const DATABASE_BUSY = retryLater('database_busy', 'The service is busy; retry the request shortly', 1);

/** PostgreSQL cannot be reached (down, restarting, refusing connections): a dependency unavailable (CONTRACT §2). */
const DATABASE_UNAVAILABLE = retryLater(
  'database_unavailable',
  'The database is unavailable; retry the request shortly',
  5,
);

/** The answer to a thrown value: `{ statusCode, message, error, details?, retryAfter? }` and its headers. */
export function toErrorResponse(thrown: unknown): ErrorResponse {
  if (thrown instanceof AppError) return appErrorResponse(thrown);
  if (isConnectionWaitTimeout(thrown)) return DATABASE_BUSY;
  if (isDatabaseUnavailable(thrown)) return DATABASE_UNAVAILABLE;
  const status = exposedHttpStatus(thrown);
  if (status === undefined) return INTERNAL_ERROR;
  const message = thrown instanceof Error ? thrown.message : 'Request failed';
  const code = CODE_BY_HTTP_STATUS[status] ?? 'request_failed';
  return { status, headers: {}, body: { statusCode: status, message, error: code } };
}

function appErrorResponse(error: AppError): ErrorResponse {
  const status = statusOf(error);
  const body: ErrorBody = { statusCode: status, message: error.message, error: error.code };
  if (error.details !== undefined) body.details = [...error.details];
  if (error instanceof RetryLaterError) {
    body.retryAfter = error.retryAfter;
    return { status, headers: { 'Retry-After': String(error.retryAfter) }, body };
  }
  if (!(error instanceof HttpError)) return { status, headers: {}, body };
  if (error.retryAfter !== undefined) body.retryAfter = error.retryAfter;
  return { status, headers: error.headers, body };
}

/** Errors from http-errors (Koa, router) say whether their message is safe to show; only those keep their status. */
function exposedHttpStatus(thrown: unknown): number | undefined {
  if (typeof thrown !== 'object' || thrown === null) return undefined;
  const { status, expose } = thrown as { status?: unknown; expose?: unknown };
  if (typeof status !== 'number' || expose !== true || status < 400 || status >= 500) return undefined;
  return status;
}
