import type { AppliedCouponStatus, CouponFrequency, CouponTerms } from '../coupons';
import { createRational, multiplyMoney, parseDecimal, type CurrencyCode } from '../money';
import type { InvoiceLineType } from './invoice-status';

/** One ACTIVE applied coupon of the customer, with the terms of its coupon. */
export interface DiscountCandidate {
  appliedCouponId: string;
  couponCode: string;
  terms: CouponTerms;
  frequency: CouponFrequency;
  /** RECURRING: invoices left to discount; null for ONCE and FOREVER. */
  remainingPeriods: number | null;
  /** The coupon's frequencyDuration, for a RECURRING application stored without remaining periods. */
  frequencyDuration: number | null;
  /** Empty: every plan. */
  planIds: readonly string[];
}

export interface AppliedDiscount {
  appliedCouponId: string;
  couponCode: string;
  amountMinor: bigint;
}

/** What an applied coupon becomes once it has discounted an invoice. */
export interface CouponConsumption {
  appliedCouponId: string;
  status: AppliedCouponStatus;
  remainingPeriods: number | null;
}

/**
 * What coupons discount: the SUBSCRIPTION lines of a subscription's invoice. Proration, usage, add-on and manual
 * lines are never discounted, and an invoice of no subscription has nothing to discount (0).
 */
export function discountBase(invoice: {
  subscriptionId: string | null;
  lines: readonly { type: InvoiceLineType; amountMinor: bigint }[];
}): bigint {
  if (invoice.subscriptionId === null) return 0n;
  return invoice.lines.filter((line) => line.type === 'SUBSCRIPTION').reduce((sum, line) => sum + line.amountMinor, 0n);
}

/** Whether the coupon may discount an invoice of this plan and currency. */
export function isCouponEligible(
  candidate: DiscountCandidate,
  invoice: { planId: string | null; currency: CurrencyCode },
): boolean {
  const { planIds, terms } = candidate;
  if (candidate.frequency === 'RECURRING' && candidate.remainingPeriods === 0) return false;
  if (planIds.length > 0 && (invoice.planId === null || !planIds.includes(invoice.planId))) return false;
  return terms.discountType === 'PERCENTAGE' || terms.currency === invoice.currency;
}

/** The uncapped discount of one coupon on the base: a percentage is rounded once, half away from zero. */
export function couponAmount(terms: CouponTerms, base: { amountMinor: bigint; currency: CurrencyCode }): bigint {
  if (terms.discountType === 'FIXED_AMOUNT') return terms.amountMinor;
  const percentage = parseDecimal(terms.percentage, 4);
  if (!percentage.ok) throw new Error(`stored coupon percentage is not a decimal: ${terms.percentage}`);
  const { unscaled, scale } = percentage.value;
  const factor = createRational(unscaled, 100n * 10n ** BigInt(scale));
  return multiplyMoney({ amount: base.amountMinor, currency: base.currency }, factor).amount;
}

/**
 * The discounts of an invoice whose discount base is `baseMinor` (its SUBSCRIPTION lines): eligible candidates in
 * the order given (oldest application first), each capped so the running discount never exceeds the base. A
 * coupon left with nothing to discount (the base already covered) is not in the result, so it is not consumed.
 */
export function computeCouponDiscounts(input: {
  baseMinor: bigint;
  currency: CurrencyCode;
  planId: string | null;
  candidates: readonly DiscountCandidate[];
}): AppliedDiscount[] {
  const discounts: AppliedDiscount[] = [];
  let left = input.baseMinor;
  for (const candidate of input.candidates) {
    if (left <= 0n) break;
    if (!isCouponEligible(candidate, input)) continue;
    const raw = couponAmount(candidate.terms, { amountMinor: input.baseMinor, currency: input.currency });
    const amountMinor = raw < left ? raw : left;
    if (amountMinor <= 0n) continue;
    discounts.push({ appliedCouponId: candidate.appliedCouponId, couponCode: candidate.couponCode, amountMinor });
    left -= amountMinor;
  }
  return discounts;
}

/**
 * ONCE ends with its first discounted invoice; RECURRING counts down (from its frequencyDuration when the application
 * carries no count) and ends at 0; FOREVER stays ACTIVE.
 */
export function consumeCoupon(candidate: DiscountCandidate): CouponConsumption {
  const { appliedCouponId } = candidate;
  if (candidate.frequency === 'ONCE') return { appliedCouponId, status: 'TERMINATED', remainingPeriods: null };
  if (candidate.frequency === 'FOREVER') return { appliedCouponId, status: 'ACTIVE', remainingPeriods: null };
  const before = candidate.remainingPeriods ?? candidate.frequencyDuration ?? 1;
  const remainingPeriods = Math.max(before - 1, 0);
  return { appliedCouponId, status: remainingPeriods === 0 ? 'TERMINATED' : 'ACTIVE', remainingPeriods };
}

/** The sum of the discounts: the invoice's `discount`. */
export const totalDiscount = (discounts: readonly AppliedDiscount[]): bigint =>
  discounts.reduce((sum, discount) => sum + discount.amountMinor, 0n);
