/** Expected failures of money input, returned as values (STYLE: errors by layer). Stable snake_case codes. */
export type MoneyErrorCode =
  | 'invalid_currency'
  | 'invalid_amount'
  | 'too_many_decimals'
  | 'amount_out_of_range'
  | 'invalid_decimal'
  | 'invalid_ratios'
  | 'currency_mismatch';

export interface MoneyError {
  readonly code: MoneyErrorCode;
  readonly message: string;
}

export type MoneyResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: MoneyError };

export interface MoneyFailure {
  readonly ok: false;
  readonly error: MoneyError;
}

export function succeed<T>(value: T): { readonly ok: true; readonly value: T } {
  return { ok: true, value };
}

export function fail(code: MoneyErrorCode, message: string): MoneyFailure {
  return { ok: false, error: { code, message } };
}

/**
 * Thrown when two amounts of different currencies meet in arithmetic: callers must never mix them, so this is a
 * broken invariant, not an input error. `checkSameCurrency` is the value-returning check for untrusted pairs.
 */
export class CurrencyMismatchError extends Error {
  readonly code = 'currency_mismatch';

  constructor(
    readonly left: string,
    readonly right: string,
  ) {
    super(`Currency mismatch: ${left} and ${right}`);
    this.name = 'CurrencyMismatchError';
  }
}

/** Any other broken invariant of the money core: a forged currency code, a zero denominator. */
export class MoneyInvariantError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MoneyInvariantError';
  }
}
