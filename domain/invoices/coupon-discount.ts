import type { AppliedCouponStatus, CouponFrequency, CouponTerms } from '../coupons';
import { allocate, createRational, multiplyMoney, parseDecimal, type CurrencyCode } from '../money';
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
  /** Empty: the coupon discounts subscription lines; else only the usage lines of these billable metrics. */
  billableMetricIds: readonly string[];
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

/** A line as a coupon sees it: what it bills, its amount, and for usage the metric it prices. */
export interface DiscountableLine {
  type: InvoiceLineType;
  amountMinor: bigint;
  billableMetricId?: string | null;
}

/** What of an invoice decides its discounts. */
export interface DiscountableInvoice {
  currency: CurrencyCode;
  subscriptionId: string | null;
  planId: string | null;
  lines: readonly DiscountableLine[];
  /** In the order they were applied (oldest first). */
  coupons: readonly DiscountCandidate[];
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
 * Whether the line is one a coupon limited to `billableMetricIds` discounts: a usage line of one of those metrics, or
 * (no limit) a subscription line of a subscription's invoice. Proration, add-on, credit and manual lines never are.
 */
function discounts(
  line: DiscountableLine,
  coupon: { billableMetricIds: readonly string[] },
  subscriptionId: string | null,
): boolean {
  if (coupon.billableMetricIds.length === 0) return line.type === 'SUBSCRIPTION' && subscriptionId !== null;
  return (
    line.type === 'USAGE' && line.billableMetricId != null && coupon.billableMetricIds.includes(line.billableMetricId)
  );
}

/**
 * Whether any coupon could discount the invoice: a subscription line of a subscription's invoice, or a usage line of
 * a metric. An invoice with neither (manual, credit purchase) need not look at the customer's coupons at all.
 */
export function hasDiscountableLines(invoice: Pick<DiscountableInvoice, 'subscriptionId' | 'lines'>): boolean {
  return invoice.lines.some(
    (line) =>
      line.amountMinor > 0n &&
      ((line.type === 'SUBSCRIPTION' && invoice.subscriptionId !== null) ||
        (line.type === 'USAGE' && line.billableMetricId != null)),
  );
}

/** Coupons in order, each on the running amount of its lines; `eligible` says which may discount at all. */
function discountInOrder(
  invoice: DiscountableInvoice,
  eligible: (coupon: DiscountCandidate) => boolean,
): AppliedDiscount[] {
  const running = invoice.lines.map((line) => (line.amountMinor > 0n ? line.amountMinor : 0n));
  const applied: AppliedDiscount[] = [];
  for (const coupon of invoice.coupons) {
    if (!eligible(coupon)) continue;
    const targets = invoice.lines.flatMap((line, index) =>
      discounts(line, coupon, invoice.subscriptionId) && (running[index] ?? 0n) > 0n ? [index] : [],
    );
    const targetAmounts = targets.map((index) => running[index] ?? 0n);
    const baseMinor = targetAmounts.reduce((sum, amount) => sum + amount, 0n);
    if (baseMinor <= 0n) continue;
    const uncapped = couponAmount(coupon.terms, { amountMinor: baseMinor, currency: invoice.currency });
    const amountMinor = uncapped < baseMinor ? uncapped : baseMinor;
    if (amountMinor <= 0n) continue;
    // Largest remainder over the running amounts: no part exceeds its line's running amount, as the total does not.
    const parts = allocate({ amount: amountMinor, currency: invoice.currency }, targetAmounts);
    if (!parts.ok) throw new RangeError(parts.error.message);
    targets.forEach((index, position) => {
      running[index] = (running[index] ?? 0n) - (parts.value[position]?.amount ?? 0n);
    });
    applied.push({ appliedCouponId: coupon.appliedCouponId, couponCode: coupon.couponCode, amountMinor });
  }
  return applied;
}

/**
 * Coupons in the order applied, each on the running amount of the lines it discounts (what earlier coupons left of
 * them), capped there so no line goes below zero. A coupon's discount is spread over its lines in proportion to their
 * running amounts, so a later coupon on an overlapping set of lines sees what is really left. A coupon that finds
 * nothing to discount is not in the result (it is not used up).
 */
export function applyCoupons(invoice: DiscountableInvoice): AppliedDiscount[] {
  return discountInOrder(invoice, (coupon) => isCouponEligible(coupon, invoice));
}

/**
 * The discounts of the coupons an invoice took when it was created, on its lines as they are now (a DRAFT's usage
 * priced again at finalize): the same rule as `applyCoupons`, without asking eligibility again, since the coupons
 * were eligible then and are already used up by this invoice (a RECURRING one may have no period left now).
 */
export function reapplyCoupons(invoice: DiscountableInvoice): AppliedDiscount[] {
  return discountInOrder(invoice, () => true);
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
