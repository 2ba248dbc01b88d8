import { AppError, type ErrorKind } from '../../services/platform/errors';

/** What an answer carries beyond its body's usual fields: headers, and 429's `retryAfter` (CONTRACT §2). */
export interface HttpErrorExtras {
  headers?: Readonly<Record<string, string>>;
  retryAfter?: number;
}

/**
 * An AppError the HTTP layer raises itself (guards, body parsing, routing) when its answer needs more than a
 * status and a body: `WWW-Authenticate` on a 401, `Retry-After` on a 429.
 */
export class HttpError extends AppError {
  readonly headers: Readonly<Record<string, string>>;
  readonly retryAfter: number | undefined;

  constructor(kind: ErrorKind, code: string, message: string, extras: HttpErrorExtras = {}) {
    super(kind, code, message);
    this.name = 'HttpError';
    this.headers = extras.headers ?? {};
    this.retryAfter = extras.retryAfter;
  }
}
