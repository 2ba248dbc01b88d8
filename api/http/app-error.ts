/** One entry of a validation failure, as CONTRACT.md §2 lists them. */
export interface ErrorDetail {
  path: string;
  message: string;
}

/** Fields the contract adds to some error bodies: 429's `retryAfter` (CONTRACT §2). */
export interface ErrorBodyExtras {
  retryAfter?: number;
}

/**
 * The one error type the API raises on purpose. The error middleware turns it into
 * `{ statusCode, message, error, details?, retryAfter? }`; anything else becomes a generic 500.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: readonly ErrorDetail[],
    readonly headers: Readonly<Record<string, string>> = {},
    readonly extras: Readonly<ErrorBodyExtras> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const validationFailed = (details: readonly ErrorDetail[]): AppError =>
  new AppError(400, 'validation_failed', describeDetails(details), details);

export const notFound = (code: string, message: string): AppError => new AppError(404, code, message);

export const conflict = (code: string, message: string): AppError => new AppError(409, code, message);

function describeDetails(details: readonly ErrorDetail[]): string {
  const [first] = details;
  if (first === undefined) return 'Validation failed';
  const more = details.length > 1 ? ` (and ${details.length - 1} more)` : '';
  return `Validation failed: ${first.path} ${first.message}${more}`;
}
