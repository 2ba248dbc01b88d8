import type { AggregationType } from '../metering';
import { createRational, multiplyExact, type Rational } from '../money';
import type { ChargeUsage, UsageBucket } from './charge-usage';

/**
 * Where the usage of an open segment is heading by its end, as a customer would estimate it: what grows with every
 * event (a COUNT, a SUM that does not carry over) keeps growing at the pace so far; the rest (MAX, LATEST, a
 * UNIQUE_COUNT, a WEIGHTED_SUM already held to the segment's end, anything recurring) stays as it is. An estimate to
 * show, never billed: the invoice prices the events that arrive.
 */
export function growsWithEvents(metric: { aggregationType: AggregationType; recurring: boolean }): boolean {
  return !metric.recurring && (metric.aggregationType === 'COUNT' || metric.aggregationType === 'SUM');
}

/**
 * The pace needs some of the segment behind it: before a thirtieth of it has passed (a day of a month), a few early
 * events would be multiplied into an estimate nobody should read.
 */
const LEAST_ELAPSED_SHARE = 30n;

/**
 * The factor that takes usage so far to the whole segment [from, to) at `now`: (to − from) / (now − from), 1 once the
 * segment is over; null while too little of it has passed to go by (`LEAST_ELAPSED_SHARE`). Milliseconds, so the
 * factor is exact.
 */
export function projectionFactor(segment: { from: Date; to: Date }, now: Date): Rational | null {
  const whole = BigInt(segment.to.getTime() - segment.from.getTime());
  const elapsed = BigInt(now.getTime() - segment.from.getTime());
  if (whole <= 0n || elapsed * LEAST_ELAPSED_SHARE < whole) return null;
  if (elapsed >= whole) return createRational(1n, 1n);
  return createRational(whole, elapsed);
}

/** The charge as it would be priced at the segment's end: each bucket's units (a PERCENTAGE its fee) scaled. */
export function projectChargeUsage(charge: ChargeUsage, factor: Rational): ChargeUsage {
  return { ...charge, buckets: charge.buckets.map((bucket) => projectBucket(bucket, factor)) };
}

function projectBucket(bucket: UsageBucket, factor: Rational): UsageBucket {
  const units = multiplyExact(bucket.units, factor);
  if (bucket.pricing.model !== 'PERCENTAGE') return { ...bucket, units };
  return { ...bucket, units, pricing: { model: 'PERCENTAGE', fee: multiplyExact(bucket.pricing.fee, factor) } };
}
