import { graduatedExact, packageExact, standardExact, volumeExact, type ChargeRange } from '../charge-models';
import { addExact, compareExact, ZERO } from '../charge-models/exact';
import {
  createRational,
  currencyExponent,
  formatMajorUnits,
  multiplyExact,
  requireWithinMoneyMaximum,
  roundToMoney,
  type CurrencyCode,
  type Decimal,
  type Rational,
} from '../money';
import { countCalendarDays } from '../periods';
import { formatUnits, unitAmountOf } from './usage-quantity';

/**
 * One charge's usage in one segment, priced (CONTRACT §10): each bucket (each charge filter in order, then the
 * charge's own parameters for the events no filter took) is its own USAGE line, its fee computed exactly by the
 * charge model and rounded once to the currency's minor unit; a line with 0 units and 0 amount is left out.
 * `minAmount` applies to the charge's total for the segment (prorated by calendar days when the segment is part of
 * the period) and its true-up is one more USAGE line of quantity 1. A line or a charge total beyond the money maximum
 * throws MoneyOverflowError: no invoice can hold it, and pricing it again gives the same amount.
 */

/** A bucket's parameters: a unit model priced here, or PERCENTAGE whose exact fee the metering query computed. */
export type BucketPricing =
  | { readonly model: 'STANDARD'; readonly amount: Decimal }
  | { readonly model: 'GRADUATED'; readonly ranges: readonly ChargeRange[] }
  | { readonly model: 'VOLUME'; readonly ranges: readonly ChargeRange[] }
  | {
      readonly model: 'PACKAGE';
      readonly amount: Decimal;
      readonly packageSize: bigint;
      readonly freeUnits: bigint;
    }
  | { readonly model: 'PERCENTAGE'; readonly fee: Rational };

export interface BucketFilter {
  readonly key: string;
  readonly values: readonly string[];
}

export interface UsageBucket {
  /** The charge filter whose events these are; null for the charge's own parameters (events no filter took). */
  readonly filter: BucketFilter | null;
  /** The metric's aggregation over the segment for these events (exact). */
  readonly units: Rational;
  readonly pricing: BucketPricing;
}

export interface ChargeUsage {
  /** The charge's invoiceDisplayName, else its metric's name. */
  readonly name: string;
  readonly buckets: readonly UsageBucket[];
  /** Least fee of the charge per whole period, major units of the subscription's currency; null for none. */
  readonly minAmount: Decimal | null;
}

/** The usage segment [from, to) inside the billing period [periodStart, periodEnd), on the customer's calendar. */
export interface UsageSegmentSpan {
  readonly from: Date;
  readonly to: Date;
  readonly periodStart: Date;
  readonly periodEnd: Date;
  readonly timeZone: string;
  readonly currency: CurrencyCode;
}

export interface UsageLine {
  readonly type: 'USAGE';
  readonly description: string;
  readonly quantity: string;
  readonly unitAmount: string;
  readonly amountMinor: bigint;
  readonly periodStart: Date;
  readonly periodEnd: Date;
}

export interface PricedBucket {
  readonly filter: BucketFilter | null;
  /** Units priced: the aggregation, or 0 when it is negative (a negative total bills nothing). */
  readonly units: Rational;
  readonly amountMinor: bigint;
}

export interface PricedChargeUsage {
  /** Units of every bucket together. */
  readonly units: Rational;
  /** The buckets' amounts plus the minimum's true-up: what the charge bills for the segment. */
  readonly amountMinor: bigint;
  readonly buckets: readonly PricedBucket[];
  readonly trueUpMinor: bigint;
  readonly lines: readonly UsageLine[];
}

const majorUnitsOf = (amountMinor: bigint, currency: CurrencyCode): Rational =>
  createRational(amountMinor, 10n ** BigInt(currencyExponent(currency)));

const nonNegative = (units: Rational): Rational => (compareExact(units, 0n) < 0 ? ZERO : units);

/** The bucket's fee in major units, exact. */
export function bucketFeeExact(units: Rational, pricing: BucketPricing): Rational {
  switch (pricing.model) {
    case 'STANDARD':
      return standardExact({ units, amount: pricing.amount });
    case 'GRADUATED':
      return graduatedExact({ units, ranges: pricing.ranges });
    case 'VOLUME':
      return volumeExact({ units, ranges: pricing.ranges });
    case 'PACKAGE':
      return packageExact({ units, ...pricing });
    case 'PERCENTAGE':
      return pricing.fee;
  }
}

function describeBucket(name: string, bucket: UsageBucket, hasFilters: boolean): string {
  if (bucket.filter !== null) return `${name} (${bucket.filter.key}: ${bucket.filter.values.join(', ')})`;
  return hasFilters ? `${name} (other)` : name;
}

/**
 * The minimum for the segment: minAmount × segment days / period days (whole local calendar days, as proration
 * counts them), rounded once; the whole minAmount when the segment is the whole period.
 */
export function segmentMinimumMinor(minAmount: Decimal, span: UsageSegmentSpan): bigint {
  const whole = span.from.getTime() === span.periodStart.getTime() && span.to.getTime() === span.periodEnd.getTime();
  if (whole) return roundToMoney(minAmount, span.currency).amount;
  const { timeZone } = span;
  const periodDays = countCalendarDays({ start: span.periodStart, end: span.periodEnd, timeZone });
  const days = countCalendarDays({ start: span.from, end: span.to, timeZone });
  if (periodDays <= 0 || days <= 0) return 0n;
  const ratio = createRational(BigInt(Math.min(days, periodDays)), BigInt(periodDays));
  return roundToMoney(multiplyExact(minAmount, ratio), span.currency).amount;
}

export function priceChargeUsage(charge: ChargeUsage, span: UsageSegmentSpan): PricedChargeUsage {
  const hasFilters = charge.buckets.some((bucket) => bucket.filter !== null);
  const period = { periodStart: span.from, periodEnd: span.to };
  const lines: UsageLine[] = [];
  const buckets = charge.buckets.map((bucket): PricedBucket => {
    const units = nonNegative(bucket.units);
    const fee = bucketFeeExact(units, bucket.pricing);
    const amountMinor = requireWithinMoneyMaximum(roundToMoney(fee, span.currency).amount, span.currency);
    if (units.numerator !== 0n || amountMinor !== 0n) {
      lines.push({
        type: 'USAGE',
        description: describeBucket(charge.name, bucket, hasFilters),
        quantity: formatUnits(units),
        unitAmount: unitAmountOf(majorUnitsOf(amountMinor, span.currency), units),
        amountMinor,
        ...period,
      });
    }
    return { filter: bucket.filter, units, amountMinor };
  });
  const pricedMinor = buckets.reduce((sum, bucket) => sum + bucket.amountMinor, 0n);
  const minimumMinor = charge.minAmount === null ? 0n : segmentMinimumMinor(charge.minAmount, span);
  const trueUpMinor = minimumMinor > pricedMinor ? minimumMinor - pricedMinor : 0n;
  if (trueUpMinor > 0n) {
    lines.push({
      type: 'USAGE',
      description: `${charge.name} (minimum ${formatMajorUnits({ amount: minimumMinor, currency: span.currency })})`,
      quantity: '1',
      unitAmount: formatMajorUnits({ amount: trueUpMinor, currency: span.currency }),
      amountMinor: trueUpMinor,
      ...period,
    });
  }
  const units = buckets.reduce<Rational>((sum, bucket) => addExact(sum, bucket.units), ZERO);
  const amountMinor = requireWithinMoneyMaximum(pricedMinor + trueUpMinor, span.currency);
  return { units, amountMinor, buckets, trueUpMinor, lines };
}
