import { parseMajorUnits, type CurrencyCode } from '../../../domain/money';
import { validationFailed, type ErrorDetail } from '../errors';

/**
 * An amount as callers write it (major units: 12.5 USD, 1250 JPY) in minor units of `currency`; more decimals than the
 * currency has, or more than money holds, is a problem named `path` and pushed to `details`, so one 400 can name
 * every field at once.
 */
export function collectMajorUnits(
  value: number,
  currency: CurrencyCode,
  path: string,
  details: ErrorDetail[],
): bigint | undefined {
  const parsed = parseMajorUnits(value, currency);
  if (!parsed.ok) return void details.push({ path, message: parsed.error.message });
  return parsed.value.amount;
}

/** `collectMajorUnits` for one field: its problem is a 400 naming `path` at once. */
export function requireMajorUnits(value: number, currency: CurrencyCode, path: string): bigint {
  const details: ErrorDetail[] = [];
  const amount = collectMajorUnits(value, currency, path, details);
  if (amount === undefined) throw validationFailed(details);
  return amount;
}
