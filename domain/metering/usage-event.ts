import { formatDecimal, parseDecimal, type Decimal } from '../money';

/** A property value as events carry it (CONTRACT §10: strings or JSON numbers). */
export type PropertyValue = string | number;

/**
 * One stored usage event as aggregation sees it: when it happened, its ingestion order (`seq`, which breaks
 * timestamp ties for LATEST and orders PERCENTAGE transactions) and its properties.
 */
export interface UsageEvent {
  readonly timestamp: Date | number;
  readonly seq: bigint | number;
  readonly properties: Readonly<Record<string, PropertyValue>>;
}

/** An aggregation window `[start, end)`. */
export interface UsagePeriod {
  readonly start: Date | number;
  readonly end: Date | number;
}

/** Milliseconds since the epoch of a Date or a millisecond count. */
export const instantOf = (timestamp: Date | number): number =>
  typeof timestamp === 'number' ? timestamp : timestamp.getTime();

export const isInPeriod = (event: UsageEvent, period: UsagePeriod): boolean => {
  const at = instantOf(event.timestamp);
  return at >= instantOf(period.start) && at < instantOf(period.end);
};

export const isBefore = (event: UsageEvent, instant: Date | number): boolean =>
  instantOf(event.timestamp) < instantOf(instant);

/** Event order: timestamp, then ingestion order. Negative, zero or positive like a sort comparator. */
export function compareEventOrder(left: UsageEvent, right: UsageEvent): number {
  const byTime = instantOf(left.timestamp) - instantOf(right.timestamp);
  if (byTime !== 0) return byTime;
  const a = BigInt(left.seq);
  const b = BigInt(right.seq);
  return a < b ? -1 : a > b ? 1 : 0;
}

// A decimal number in plain or exponent notation, as ingestion accepts it (domain/money's `parseDecimal`: at most 64
// characters, an exponent of at most 400), so a hostile string cannot build a huge number. The SQL path
// (services/metering/aggregation) applies the very same test.
export const NUMERIC_STRING_PATTERN = '^[+-]?[0-9]+(\\.[0-9]+)?([eE][+-]?0*([0-9]{1,2}|[1-3][0-9]{2}|400))?$';
export const NUMERIC_STRING_MAX_LENGTH = 64;
const NUMERIC_STRING = new RegExp(NUMERIC_STRING_PATTERN);
// More decimals than any double (5e-324) or any string the pattern admits (62 + 400) can have.
const ANY_SCALE = 500;

/**
 * The exact number a property value stands for: a JSON number, or a string in decimal notation ("12.5", "-3",
 * "1e3"). Anything else (a word, an empty string, "NaN") is not a number, and numeric aggregations skip it.
 */
export function readPropertyNumber(value: PropertyValue | undefined): Decimal | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? readExact(value) : undefined;
  if (typeof value !== 'string' || value.length > NUMERIC_STRING_MAX_LENGTH || !NUMERIC_STRING.test(value)) {
    return undefined;
  }
  return readExact(value);
}

/**
 * A property value compared as a string (UNIQUE_COUNT, charge filters). A JSON number reads as PostgreSQL prints
 * the number `properties->>key` holds: plain decimal notation without an exponent (1e-7 is "0.0000001", 1e21 is
 * "1000000000000000000000"), which is also its shortest form without trailing zeros.
 */
export function propertyText(value: PropertyValue | undefined): string | undefined {
  if (typeof value === 'string' || value === undefined) return value;
  const decimal = readPropertyNumber(value);
  return decimal === undefined ? undefined : formatDecimal(decimal);
}

function readExact(value: string | number): Decimal | undefined {
  const parsed = parseDecimal(value, ANY_SCALE);
  return parsed.ok ? parsed.value : undefined;
}
