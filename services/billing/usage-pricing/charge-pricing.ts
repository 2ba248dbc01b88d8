import type { ChargeModel, ChargeRange, PercentageTerms } from '../../../domain/charge-models';
import { parseDecimal, type Decimal } from '../../../domain/money';
import type { BucketFilter, BucketPricing } from '../../../domain/usage';
import type { StoredFilter, StoredProperties } from '../../catalog/charges';

/**
 * A charge's stored parameters (exact decimal strings in major units, unit counts as integers: services/catalog/charges) as
 * the pricing reads them, in the subscription's currency without conversion (CONTRACT §10). Stored parameters passed
 * validation when written, so anything unreadable is a broken invariant.
 */

function decimalOf(value: unknown, field: string): Decimal {
  const parsed = typeof value === 'string' || typeof value === 'number' ? parseDecimal(value, 40) : undefined;
  if (parsed === undefined || !parsed.ok) throw new Error(`Stored charge parameter ${field} is not a decimal`);
  return parsed.value;
}

const optionalDecimal = (value: unknown, field: string): Decimal | undefined =>
  value === undefined || value === null ? undefined : decimalOf(value, field);

const integerOf = (value: unknown, fallback: bigint): bigint =>
  typeof value === 'number' && Number.isInteger(value) ? BigInt(value) : fallback;

function rangesOf(value: unknown, field: string): ChargeRange[] {
  if (!Array.isArray(value)) throw new Error(`Stored charge parameter ${field} is not a list of ranges`);
  return value.map((item: Record<string, unknown>, index) => ({
    fromValue: integerOf(item.fromValue, 0n),
    toValue: item.toValue === null || item.toValue === undefined ? null : integerOf(item.toValue, 0n),
    perUnitAmount: decimalOf(item.perUnitAmount, `${field}.${index}.perUnitAmount`),
    flatAmount: decimalOf(item.flatAmount ?? '0', `${field}.${index}.flatAmount`),
  }));
}

/** The parameters of a PERCENTAGE charge or filter. */
export function percentageTermsOf(properties: StoredProperties): PercentageTerms {
  const terms: { -readonly [K in keyof PercentageTerms]: PercentageTerms[K] } = {
    rate: decimalOf(properties.rate, 'rate'),
  };
  const fixedAmount = optionalDecimal(properties.fixedAmount, 'fixedAmount');
  const freeTotal = optionalDecimal(properties.freeUnitsPerTotalAggregation, 'freeUnitsPerTotalAggregation');
  const min = optionalDecimal(properties.perTransactionMin, 'perTransactionMin');
  const max = optionalDecimal(properties.perTransactionMax, 'perTransactionMax');
  if (fixedAmount !== undefined) terms.fixedAmount = fixedAmount;
  if (typeof properties.freeUnitsPerEvents === 'number')
    terms.freeUnitsPerEvents = BigInt(properties.freeUnitsPerEvents);
  if (freeTotal !== undefined) terms.freeUnitsPerTotalAggregation = freeTotal;
  if (min !== undefined) terms.perTransactionMin = min;
  if (max !== undefined) terms.perTransactionMax = max;
  return terms;
}

/** The parameters of a unit model (every model but PERCENTAGE, whose fee the metering query computes). */
export function unitPricingOf(model: Exclude<ChargeModel, 'PERCENTAGE'>, properties: StoredProperties): BucketPricing {
  switch (model) {
    case 'STANDARD':
      return { model, amount: decimalOf(properties.amount, 'amount') };
    case 'GRADUATED':
      return { model, ranges: rangesOf(properties.graduatedRanges, 'graduatedRanges') };
    case 'VOLUME':
      return { model, ranges: rangesOf(properties.volumeRanges, 'volumeRanges') };
    case 'PACKAGE':
      return {
        model,
        amount: decimalOf(properties.amount, 'amount'),
        packageSize: integerOf(properties.packageSize, 1n),
        freeUnits: integerOf(properties.freeUnits, 0n),
      };
  }
}

export const bucketFilterOf = (filter: StoredFilter): BucketFilter => ({ key: filter.key, values: filter.values });
