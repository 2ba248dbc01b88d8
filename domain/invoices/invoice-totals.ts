/** The stored amounts of an invoice, in minor units of its currency. */
export interface InvoiceTotals {
  subtotalMinor: bigint;
  discountMinor: bigint;
  taxMinor: bigint;
  totalMinor: bigint;
  amountDueMinor: bigint;
}

/**
 * Totals are sums of already-rounded lines, so they equal the lines exactly (CONTRACT §5). The discount comes from
 * applied coupons (already capped at the discounted lines, see coupon-discount.ts); tax is 0 until taxes exist. A
 * total below zero (a proration downgrade) is kept as is; nothing is due.
 */
export function computeInvoiceTotals(input: {
  lineAmountsMinor: readonly bigint[];
  discountMinor: bigint;
  amountCreditedMinor: bigint;
  prepaidCreditAmountMinor: bigint;
  amountPaidMinor: bigint;
}): InvoiceTotals {
  const subtotalMinor = input.lineAmountsMinor.reduce((sum, amount) => sum + amount, 0n);
  const { discountMinor } = input;
  const taxMinor = 0n;
  const totalMinor = subtotalMinor - discountMinor + taxMinor;
  return {
    subtotalMinor,
    discountMinor,
    taxMinor,
    totalMinor,
    amountDueMinor: computeAmountDue({ totalMinor, ...input }),
  };
}

/**
 * What the customer still owes: the total less credit notes and customer credit, wallet credits and payments, never
 * below zero (an overpaid or negative invoice owes nothing).
 */
export function computeAmountDue(input: {
  totalMinor: bigint;
  amountCreditedMinor: bigint;
  prepaidCreditAmountMinor: bigint;
  amountPaidMinor: bigint;
}): bigint {
  const due = input.totalMinor - input.amountCreditedMinor - input.prepaidCreditAmountMinor - input.amountPaidMinor;
  return due > 0n ? due : 0n;
}
