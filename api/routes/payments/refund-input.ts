import { parseMajorUnits, type CurrencyCode } from '../../../domain/money';
import { validationFailed } from '../../../services/platform/errors';

/** The refund's amount in minor units of the payment's currency: above 0, no more decimals than the currency has. */
export function readRefundAmount(amount: number, currency: CurrencyCode): bigint {
  // OpenAPI 3.0 has no numeric exclusiveMinimum, so the schema says >= 0 and this says > 0.
  if (amount === 0) throw validationFailed([{ path: 'body.amount', message: 'must be above 0' }]);
  const parsed = parseMajorUnits(amount, currency);
  if (!parsed.ok) throw validationFailed([{ path: 'body.amount', message: parsed.error.message }]);
  return parsed.value.amount;
}
