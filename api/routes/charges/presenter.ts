import type { ChargeRecord, StoredProperties } from '../../../services/catalog/charges';
import type { ChargeJson } from './schema';

const DECIMAL_FIELDS = new Set([
  'amount',
  'rate',
  'fixedAmount',
  'freeUnitsPerTotalAggregation',
  'perTransactionMin',
  'perTransactionMax',
  'perUnitAmount',
  'flatAmount',
]);
const RANGE_FIELDS = new Set(['graduatedRanges', 'volumeRanges']);

/**
 * Stored parameters as JSON: decimal strings become numbers (exact up to 15 significant digits, CONTRACT §5's 12
 * decimals included for amounts below 1000), unset optional fields are omitted.
 */
export function presentProperties(stored: StoredProperties): Record<string, unknown> {
  const entries = Object.entries(stored)
    .filter(([, value]) => value !== null)
    .map(([key, value]): [string, unknown] => {
      if (DECIMAL_FIELDS.has(key)) return [key, Number(value)];
      if (RANGE_FIELDS.has(key) && Array.isArray(value)) {
        return [key, value.map((range) => presentRange(range as StoredProperties))];
      }
      return [key, value];
    });
  return Object.fromEntries(entries);
}

/** A price table's range; the last, open one leaves `toValue` out (SPEC: omitted on the last open range). */
function presentRange(range: StoredProperties): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(range)
      .filter(([key, value]) => !(key === 'toValue' && value === null))
      .map(([key, value]) => [key, DECIMAL_FIELDS.has(key) ? Number(value) : value]),
  );
}

export function presentCharge(record: ChargeRecord): ChargeJson {
  return {
    id: record.id,
    planId: record.planId,
    billableMetricId: record.billableMetricId,
    chargeModel: record.chargeModel,
    billingTiming: record.billingTiming,
    invoiceDisplayName: record.invoiceDisplayName,
    minAmount: record.minAmount === null ? null : Number(record.minAmount),
    ...presentProperties(record.properties),
    filters: record.filters.map((filter) => ({
      key: filter.key,
      values: [...filter.values],
      properties: presentProperties(filter.properties),
    })),
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  } as ChargeJson;
}
