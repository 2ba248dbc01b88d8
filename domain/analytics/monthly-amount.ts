import { roundToMinorUnits } from '../money';
import type { BillingInterval } from '../periods';

/**
 * MRR is kept exact until it is shown: in units of 1 / MRR_SCALE of a minor unit. 12 makes every interval's monthly
 * share whole (WEEKLY x 52/12, QUARTERLY / 3, YEARLY / 12) and 10^6 every percentage of a coupon (four decimals of a
 * percent), so sums and differences of MRR never round before the one rounding of each figure.
 */
export const MRR_SCALE = 12n * 1_000_000n;

const TWELFTHS_PER_PERIOD: Readonly<Record<BillingInterval, bigint>> = {
  WEEKLY: 52n,
  MONTHLY: 12n,
  QUARTERLY: 4n,
  YEARLY: 1n,
};

/** A plan price per its interval as exact monthly units of MRR_SCALE. */
export function monthlyAmount(amountMinor: bigint, interval: BillingInterval): bigint {
  return amountMinor * TWELFTHS_PER_PERIOD[interval] * (MRR_SCALE / 12n);
}

/** An exact amount rounded to minor units, half away from zero (the platform's one rounding rule). */
export function toMinorUnits(scaled: bigint): bigint {
  return roundToMinorUnits(scaled, MRR_SCALE);
}
