import { validateRanges, type ChargeModel, type ChargeRange } from '../../../domain/charge-models';
import { formatDecimal, parseDecimal, type Decimal } from '../../../domain/money';
import { validationFailed, type ErrorDetail } from '../../platform/errors';
import type { StoredFilter, StoredProperties } from './charges';

/** Decimals of a PERCENTAGE rate (CONTRACT §5: percentages carry up to 4). */
const RATE_DECIMALS = 4;

type RangeJson = { fromValue: number; toValue?: number | null; perUnitAmount: number; flatAmount?: number };

/** A model's parameters as the caller sends them (JSON numbers): each model's own, nothing else. */
export interface ModelFields {
  amount?: number;
  graduatedRanges?: RangeJson[];
  volumeRanges?: RangeJson[];
  packageSize?: number;
  freeUnits?: number;
  rate?: number;
  fixedAmount?: number;
  freeUnitsPerEvents?: number;
  freeUnitsPerTotalAggregation?: number;
  perTransactionMin?: number;
  perTransactionMax?: number;
}

/** Collects problems while turning JSON numbers into exact decimal strings, so one validation failure names every field. */
class DecimalReader {
  readonly details: ErrorDetail[] = [];

  read(value: number, path: string, maxDecimals?: number): Decimal {
    const parsed = parseDecimal(value, maxDecimals);
    if (parsed.ok) return parsed.value;
    this.details.push({ path, message: parsed.error.message });
    return { unscaled: 0n, scale: 0 };
  }

  text(value: number, path: string, maxDecimals?: number): string {
    return formatDecimal(this.read(value, path, maxDecimals));
  }

  optional(value: number | undefined, path: string): string | null {
    return value === undefined ? null : this.text(value, path);
  }
}

/**
 * The model's parameters as stored: amounts as exact decimal strings, unit counts as integers. Ranges go through the
 * domain's `validateRanges`; every problem is a validation failure naming `<prefix>.graduatedRanges.N.<field>`.
 */
export function toStoredProperties(model: ChargeModel, fields: ModelFields, prefix: string): StoredProperties {
  const reader = new DecimalReader();
  const stored = readModel(model, fields, prefix, reader);
  if (reader.details.length > 0) throw validationFailed(reader.details);
  return stored;
}

function readModel(model: ChargeModel, fields: ModelFields, prefix: string, reader: DecimalReader): StoredProperties {
  switch (model) {
    case 'STANDARD':
      return { amount: reader.text(fields.amount ?? 0, `${prefix}.amount`) };
    case 'GRADUATED':
      return { graduatedRanges: readRanges(fields.graduatedRanges ?? [], `${prefix}.graduatedRanges`, reader) };
    case 'VOLUME':
      return { volumeRanges: readRanges(fields.volumeRanges ?? [], `${prefix}.volumeRanges`, reader) };
    case 'PACKAGE':
      return {
        amount: reader.text(fields.amount ?? 0, `${prefix}.amount`),
        packageSize: fields.packageSize ?? 1,
        freeUnits: fields.freeUnits ?? 0,
      };
    case 'PERCENTAGE':
      return readPercentage(fields, prefix, reader);
  }
}

function readPercentage(fields: ModelFields, prefix: string, reader: DecimalReader): StoredProperties {
  const min = reader.optional(fields.perTransactionMin, `${prefix}.perTransactionMin`);
  const max = reader.optional(fields.perTransactionMax, `${prefix}.perTransactionMax`);
  if (min !== null && max !== null && isAbove(min, max)) {
    reader.details.push({ path: `${prefix}.perTransactionMax`, message: 'must not be below perTransactionMin' });
  }
  return {
    rate: reader.text(fields.rate ?? 0, `${prefix}.rate`, RATE_DECIMALS),
    fixedAmount: reader.optional(fields.fixedAmount, `${prefix}.fixedAmount`),
    freeUnitsPerEvents: fields.freeUnitsPerEvents ?? null,
    freeUnitsPerTotalAggregation: reader.optional(
      fields.freeUnitsPerTotalAggregation,
      `${prefix}.freeUnitsPerTotalAggregation`,
    ),
    perTransactionMin: min,
    perTransactionMax: max,
  };
}

function readRanges(ranges: readonly RangeJson[], path: string, reader: DecimalReader): StoredProperties[] {
  const domainRanges: ChargeRange[] = ranges.map((range, index) => ({
    fromValue: BigInt(range.fromValue),
    toValue: range.toValue === undefined || range.toValue === null ? null : BigInt(range.toValue),
    perUnitAmount: reader.read(range.perUnitAmount, `${path}.${index}.perUnitAmount`),
    flatAmount: reader.read(range.flatAmount ?? 0, `${path}.${index}.flatAmount`),
  }));
  const validation = validateRanges(domainRanges);
  if (!validation.ok) {
    for (const error of validation.errors) {
      const field = error.field === null ? '' : `.${error.index}.${error.field}`;
      reader.details.push({ path: `${path}${field}`, message: error.message });
    }
  }
  return domainRanges.map((range) => ({
    fromValue: Number(range.fromValue),
    toValue: range.toValue === null ? null : Number(range.toValue),
    perUnitAmount: formatDecimal(range.perUnitAmount),
    flatAmount: formatDecimal(range.flatAmount),
  }));
}

/** A filter of a charge as the caller sends it: the metric's key and values it prices, by its own parameters. */
export interface ChargeFilterInput {
  key: string;
  values: string[];
  properties: ModelFields;
}

/** Charge filters as stored, each value priced by its own parameters of the charge's model. */
export function toStoredFilters(model: ChargeModel, filters: readonly ChargeFilterInput[]): StoredFilter[] {
  return filters.map((filter, index) => ({
    key: filter.key,
    values: [...filter.values],
    properties: toStoredProperties(model, filter.properties, `body.filters.${index}.properties`),
  }));
}

/**
 * A charge filter must name a filter key of the metric and only values the metric lists for it; a (key, value) pair
 * is priced by one filter at most.
 */
export function assertFiltersMatchMetric(
  filters: readonly { key: string; values: readonly string[] }[],
  metricFilters: readonly { key: string; values: readonly string[] }[],
): void {
  const details: ErrorDetail[] = [];
  const priced = new Set<string>();
  filters.forEach((filter, index) => {
    const known = metricFilters.find((candidate) => candidate.key === filter.key);
    if (known === undefined) {
      details.push({ path: `body.filters.${index}.key`, message: `is not a filter key of the billable metric` });
      return;
    }
    filter.values.forEach((value, valueIndex) => {
      const path = `body.filters.${index}.values.${valueIndex}`;
      if (!known.values.includes(value)) details.push({ path, message: `is not a value of filter ${filter.key}` });
      const pair = JSON.stringify([filter.key, value]);
      if (priced.has(pair)) details.push({ path, message: 'is already priced by another filter' });
      priced.add(pair);
    });
  });
  if (details.length > 0) throw validationFailed(details);
}

/** Whether one stored decimal string is above another, exactly. */
function isAbove(left: string, right: string): boolean {
  const a = parseDecimal(left);
  const b = parseDecimal(right);
  if (!a.ok || !b.ok) return false;
  return a.value.unscaled * 10n ** BigInt(b.value.scale) > b.value.unscaled * 10n ** BigInt(a.value.scale);
}
