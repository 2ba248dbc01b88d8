import { allocate, type CurrencyCode } from '../money';
import { consumeWallet, type WalletConsumption, type WalletFunds } from '../wallets';
import { couponAmount, isCouponEligible, type AppliedDiscount, type DiscountCandidate } from './coupon-discount';
import type { InvoiceLineType } from './invoice-status';

/** A line as composition sees it: what it bills, its amount, and for usage the metric it prices. */
export interface ComposableLine {
  type: InvoiceLineType;
  amountMinor: bigint;
  billableMetricId?: string | null;
}

/** An applied coupon; `billableMetricIds` limits it to those metrics' usage lines (empty: subscription lines). */
export interface CouponToApply extends DiscountCandidate {
  billableMetricIds: readonly string[];
}

/** Customer credit (from credit notes) the invoice may draw on, in the order the ledger spends it. */
export interface CreditSource {
  id: string;
  availableMinor: bigint;
}

export interface CreditDraw {
  sourceId: string;
  amountMinor: bigint;
}

/** What an invoice is for: credit purchases are paid in full, with neither customer credit nor wallet credits. */
export type InvoicePurpose = 'STANDARD' | 'CREDIT_PURCHASE';

/** An invoice that sells wallet credits bills them on a CREDIT line. */
export const invoicePurpose = (lines: readonly { type: InvoiceLineType }[]): InvoicePurpose =>
  lines.some((line) => line.type === 'CREDIT') ? 'CREDIT_PURCHASE' : 'STANDARD';

export interface InvoiceToCompose {
  currency: CurrencyCode;
  subscriptionId: string | null;
  planId: string | null;
  purpose: InvoicePurpose;
  lines: readonly ComposableLine[];
  /** In the order they were applied (oldest first). */
  coupons: readonly CouponToApply[];
  customerCredit: readonly CreditSource[];
  /** The customer's ACTIVE wallet, if any. */
  wallet?: WalletFunds | undefined;
  amountPaidMinor?: bigint;
}

/** Every step of an invoice's amounts, as the API, the PDF and the `invoice.*` events show them. */
export interface InvoiceComposition {
  subtotalMinor: bigint;
  discounts: AppliedDiscount[];
  discountMinor: bigint;
  /** 0 until taxes exist; the step is where they will go. */
  taxMinor: bigint;
  totalMinor: bigint;
  credits: CreditDraw[];
  amountCreditedMinor: bigint;
  wallet: WalletConsumption | undefined;
  prepaidCreditAmountMinor: bigint;
  amountPaidMinor: bigint;
  amountDueMinor: bigint;
}

const sum = (amounts: readonly bigint[]): bigint => amounts.reduce((total, amount) => total + amount, 0n);
const min = (a: bigint, b: bigint): bigint => (a < b ? a : b);

/** The lines a coupon discounts: its metrics' usage lines, or else the subscription lines of a subscription's invoice. */
function discountedLines(invoice: InvoiceToCompose, coupon: CouponToApply): number[] {
  const limited = coupon.billableMetricIds.length > 0;
  if (!limited && invoice.subscriptionId === null) return [];
  return invoice.lines.flatMap((line, index) => {
    const applies = limited
      ? line.type === 'USAGE' &&
        line.billableMetricId != null &&
        coupon.billableMetricIds.includes(line.billableMetricId)
      : line.type === 'SUBSCRIPTION';
    return applies ? [index] : [];
  });
}

/**
 * Coupons in the order applied, each on the running amount of the lines it discounts (what earlier coupons left of
 * them), capped there so no line goes below zero. A coupon's discount is spread over its lines in proportion to their
 * running amounts, so a later coupon on an overlapping set of lines sees what is really left. A coupon that finds
 * nothing to discount is not in the result (it is not used up).
 */
export function applyCoupons(invoice: InvoiceToCompose): AppliedDiscount[] {
  const running = invoice.lines.map((line) => (line.amountMinor > 0n ? line.amountMinor : 0n));
  const discounts: AppliedDiscount[] = [];
  for (const coupon of invoice.coupons) {
    if (!isCouponEligible(coupon, invoice)) continue;
    const targets = discountedLines(invoice, coupon).filter((index) => (running[index] ?? 0n) > 0n);
    const baseMinor = sum(targets.map((index) => running[index] ?? 0n));
    if (baseMinor <= 0n) continue;
    const amountMinor = min(
      couponAmount(coupon.terms, { amountMinor: baseMinor, currency: invoice.currency }),
      baseMinor,
    );
    if (amountMinor <= 0n) continue;
    const parts = allocate(
      { amount: amountMinor, currency: invoice.currency },
      targets.map((index) => running[index] ?? 0n),
    );
    if (!parts.ok) throw new RangeError(parts.error.message);
    targets.forEach((index, position) => {
      running[index] = (running[index] ?? 0n) - (parts.value[position]?.amount ?? 0n);
    });
    discounts.push({ appliedCouponId: coupon.appliedCouponId, couponCode: coupon.couponCode, amountMinor });
  }
  return discounts;
}

/** Customer credit drawn in order, each source up to what it holds, until `dueMinor` is covered. */
export function drawCustomerCredit(sources: readonly CreditSource[], dueMinor: bigint): CreditDraw[] {
  const draws: CreditDraw[] = [];
  let left = dueMinor;
  for (const source of sources) {
    if (left <= 0n) break;
    const amountMinor = min(source.availableMinor, left);
    if (amountMinor <= 0n) continue;
    draws.push({ sourceId: source.id, amountMinor });
    left -= amountMinor;
  }
  return draws;
}

/**
 * The one order every invoice is composed in: lines → coupons (in the order applied) → tax (0 for now) → customer
 * credit from credit notes → wallet credits (granted before paid, oldest first), each step up to what is still due.
 * `amountDue = max(0, total − amountCredited − prepaidCreditAmount − amountPaid)`. A total below zero (a downgrade's
 * proration) owes nothing and draws nothing. Credit purchases skip both credit steps.
 */
export function composeInvoice(invoice: InvoiceToCompose): InvoiceComposition {
  const subtotalMinor = sum(invoice.lines.map((line) => line.amountMinor));
  const discounts = applyCoupons(invoice);
  const discountMinor = sum(discounts.map((discount) => discount.amountMinor));
  const taxMinor = 0n;
  const totalMinor = subtotalMinor - discountMinor + taxMinor;
  const amountPaidMinor = invoice.amountPaidMinor ?? 0n;
  const spendsCredit = invoice.purpose === 'STANDARD';
  const credits = spendsCredit ? drawCustomerCredit(invoice.customerCredit, totalMinor - amountPaidMinor) : [];
  const amountCreditedMinor = sum(credits.map((draw) => draw.amountMinor));
  const dueBeforeWallet = totalMinor - amountPaidMinor - amountCreditedMinor;
  const wallet =
    spendsCredit && invoice.wallet !== undefined
      ? consumeWallet(invoice.wallet, dueBeforeWallet, invoice.currency)
      : undefined;
  const prepaidCreditAmountMinor = wallet?.amountMinor ?? 0n;
  const due = dueBeforeWallet - prepaidCreditAmountMinor;
  return {
    subtotalMinor,
    discounts,
    discountMinor,
    taxMinor,
    totalMinor,
    credits,
    amountCreditedMinor,
    wallet,
    prepaidCreditAmountMinor,
    amountPaidMinor,
    amountDueMinor: due > 0n ? due : 0n,
  };
}
