/** One problem of a refused input: where it is and what is wrong with it (CONTRACT §2 `details`). */
export interface ErrorDetail {
  path: string;
  message: string;
}

/**
 * What kind of refusal an error is, in words that need no transport: the API turns each kind into an HTTP status
 * (api/http/error-status.ts), a CLI could turn it into an exit code. The kinds follow gRPC's canonical codes.
 */
export const ERROR_KINDS = [
  /** The input breaks a rule: a field, or a request that cannot apply to what it names. */
  'invalid',
  /** The caller did not prove who it is, or the proof is wrong. */
  'unauthenticated',
  /** The caller is known but may not do this. */
  'forbidden',
  /** What the request names does not exist (for this tenant). */
  'not_found',
  /** The current state refuses the request: a taken code, a transition the status does not allow. */
  'conflict',
  /** The caller asked too often; it may retry later. */
  'rate_limited',
  /** Something the request needs is down; retrying shortly may succeed. */
  'unavailable',
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

/**
 * The one error the application raises on purpose. `code` is the stable snake_case name callers branch on
 * (`customer_not_found`), `message` says it to a person, `details` lists the problems of a refused input.
 */
export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly code: string,
    message: string,
    readonly details?: readonly ErrorDetail[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** A refused input, every problem named; the message repeats the first. */
export const validationFailed = (details: readonly ErrorDetail[]): AppError =>
  new AppError('invalid', 'validation_failed', describeDetails(details), details);

/**
 * A request that cannot apply as given, with a code of its own (`start_date_in_future`); `path` names the field
 * (`body.startDate`) in its details when one field is the reason.
 */
export const invalid = (code: string, message: string, path?: string): AppError =>
  new AppError(
    'invalid',
    code,
    path === undefined ? message : `${path} ${message}`,
    path === undefined ? undefined : [{ path, message }],
  );

export const unauthenticated = (code: string, message: string): AppError =>
  new AppError('unauthenticated', code, message);

export const notFound = (code: string, message: string): AppError => new AppError('not_found', code, message);

export const conflict = (code: string, message: string): AppError => new AppError('conflict', code, message);

export const unavailable = (code: string, message: string): AppError => new AppError('unavailable', code, message);

function describeDetails(details: readonly ErrorDetail[]): string {
  const [first] = details;
  if (first === undefined) return 'Validation failed';
  const more = details.length > 1 ? ` (and ${details.length - 1} more)` : '';
  return `Validation failed: ${first.path} ${first.message}${more}`;
}

/** A refusal the caller may retry after `retryAfter` seconds (a quota spent until a given instant). */
export class RetryLaterError extends AppError {
  constructor(
    code: string,
    message: string,
    readonly retryAfter: number,
  ) {
    super('rate_limited', code, message);
    this.name = 'RetryLaterError';
  }
}
