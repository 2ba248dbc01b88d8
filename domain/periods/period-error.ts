/** Expected failures of period input, returned as values (STYLE: errors by layer). Stable snake_case codes. */
export type PeriodErrorCode = 'invalid_time_zone' | 'instant_before_anchor';

export interface PeriodError {
  readonly code: PeriodErrorCode;
  readonly message: string;
}

export type PeriodResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: PeriodError };

export function succeed<T>(value: T): { readonly ok: true; readonly value: T } {
  return { ok: true, value };
}

export function fail(code: PeriodErrorCode, message: string): { readonly ok: false; readonly error: PeriodError } {
  return { ok: false, error: { code, message } };
}

/**
 * A broken invariant of period maths: a time zone that was never validated, an instant without an offset, a
 * negative period index. Time zones are validated where they enter (`parseTimeZone`), so computing with an invalid
 * one is a programming error, not an input error.
 */
export class PeriodInvariantError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PeriodInvariantError';
  }
}
