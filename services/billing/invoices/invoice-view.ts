import { presentMajorUnits } from '../../../domain/money';
import type { InvoiceLineRecord, InvoiceRecord } from './invoice-records';

/** A JSON number for an exact decimal string; quantities and unit prices stay within 15 significant digits. */
const decimalNumber = (text: string): number => Number(text);

/** A type alias, not an interface, so that a view is also a `Record<string, unknown>` (outbox event data). */
export type InvoiceLineView = {
  id: string;
  type: InvoiceLineRecord['type'];
  description: string;
  quantity: number;
  unitAmount: number;
  amount: number;
  /** The period the line bills; absent on a line that bills none (a MANUAL or ADD_ON line). */
  periodStart?: string;
  periodEnd?: string;
};

/** One coupon's share of `discount` (Stripe's `total_discount_amounts`, Lago's applied coupons). */
export type InvoiceDiscountView = {
  couponId: string;
  code: string;
  amount: number;
};

export type InvoiceView = {
  id: string;
  number: string | null;
  status: InvoiceRecord['status'];
  customerId: string;
  subscriptionId: string | null;
  currency: string;
  lines: InvoiceLineView[];
  subtotal: number;
  discount: number;
  discounts: InvoiceDiscountView[];
  tax: number;
  total: number;
  amountCredited: number;
  prepaidCreditAmount: number;
  amountPaid: number;
  amountDue: number;
  issuedAt: string | null;
  dueDate: string | null;
  paidAt: string | null;
  voidedAt: string | null;
  finalizeAfter: string | null;
  metadata: Record<string, string>;
  createdAt: string;
  updatedAt: string;
};

function lineView(line: InvoiceLineRecord, invoice: InvoiceRecord): InvoiceLineView {
  return {
    id: line.id,
    type: line.type,
    description: line.description,
    quantity: decimalNumber(line.quantity),
    unitAmount: decimalNumber(line.unitAmount),
    amount: presentMajorUnits({ amount: line.amountMinor, currency: invoice.currency }),
    ...(line.periodStart === null ? {} : { periodStart: line.periodStart.toISOString() }),
    ...(line.periodEnd === null ? {} : { periodEnd: line.periodEnd.toISOString() }),
  };
}

/**
 * The invoice exactly as the API presents it (CONTRACT §7): the API's presenter and the outbox events
 * (`invoice.created`, `invoice.paid`, `invoice.voided`) share it, so a webhook receiver sees the record GET returns.
 */
export function invoiceView(invoice: InvoiceRecord): InvoiceView {
  const money = (amount: bigint): number => presentMajorUnits({ amount, currency: invoice.currency });
  return {
    id: invoice.id,
    number: invoice.number,
    status: invoice.status,
    customerId: invoice.customerId,
    subscriptionId: invoice.subscriptionId,
    currency: invoice.currency,
    lines: invoice.lines.map((line) => lineView(line, invoice)),
    subtotal: money(invoice.subtotalMinor),
    discount: money(invoice.discountMinor),
    // Each part is converted from its own minor units, which sum exactly to `discountMinor` (as lines to subtotal).
    discounts: invoice.discounts.map((each) => ({
      couponId: each.couponId,
      code: each.couponCode,
      amount: money(each.amountMinor),
    })),
    tax: money(invoice.taxMinor),
    total: money(invoice.totalMinor),
    amountCredited: money(invoice.amountCreditedMinor),
    prepaidCreditAmount: money(invoice.prepaidCreditAmountMinor),
    amountPaid: money(invoice.amountPaidMinor),
    amountDue: money(invoice.amountDueMinor),
    issuedAt: invoice.issuedAt?.toISOString() ?? null,
    dueDate: invoice.dueDate?.toISOString() ?? null,
    paidAt: invoice.paidAt?.toISOString() ?? null,
    voidedAt: invoice.voidedAt?.toISOString() ?? null,
    finalizeAfter: invoice.finalizeAfter?.toISOString() ?? null,
    metadata: invoice.metadata,
    createdAt: invoice.createdAt.toISOString(),
    updatedAt: invoice.updatedAt.toISOString(),
  };
}
