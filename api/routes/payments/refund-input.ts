import { parseMajorUnits, type CurrencyCode } from '../../../domain/money';
import { validationFailed } from '../../../services/platform/errors';

/**
 * The refund's amount in minor units of the payment's currency, no more decimals than the currency has (the schema
 * holds it above 0).
 */
export function readRefundAmount(amount: number, currency: CurrencyCode): bigint {
  const parsed = parseMajorUnits(amount, currency);
  if (!parsed.ok) throw validationFailed([{ path: 'body.amount', message: parsed.error.message }]);
  return parsed.value.amount;
}
