import { toCurrencyCode } from '../../../domain/money';
import type { SubscriptionLine } from '../../../domain/subscriptions';
import type { NewInvoice } from '../invoices';
import type { InvoiceRecord } from '../invoices';
import type { UsageSegmentRequest } from '../usage-pricing';
import type { IssuedInvoice, PeriodRange, SubscriptionBillingRef } from '../../../workflows/subscriptions/wire';

/** What every invoice a subscription activity issues shares: its customer, currency, plan and idempotency key. */
export function subscriptionInvoice(
  ref: SubscriptionBillingRef,
  input: { planId: string; key: string; now: string; lines: readonly SubscriptionLine[] },
): NewInvoice {
  return {
    customerId: ref.customerId,
    currency: toCurrencyCode(ref.currency),
    subscriptionId: ref.subscriptionId,
    planId: input.planId,
    idempotencyKey: input.key,
    autoFinalize: true,
    now: new Date(input.now),
    lines: input.lines.map((line) => ({ ...line })),
  };
}

/** The stored invoice as the workflow tracks it (JSON: money as minor-unit strings, instants as ISO strings). */
export function toIssued(invoice: InvoiceRecord): IssuedInvoice {
  return {
    invoiceId: invoice.id,
    status: invoice.status,
    totalMinor: invoice.totalMinor.toString(),
    finalizeAfter: invoice.finalizeAfter?.toISOString() ?? null,
  };
}

/** The usage segment a close bills, on the plan in force during it, as the usage service reads it. */
export function usageSegmentOf(
  ref: SubscriptionBillingRef & { period: PeriodRange },
  input: { planId: string; segment: PeriodRange },
): UsageSegmentRequest {
  return {
    subscriptionId: ref.subscriptionId,
    planId: input.planId,
    from: new Date(input.segment.start),
    to: new Date(input.segment.end),
    periodStart: new Date(ref.period.start),
    periodEnd: new Date(ref.period.end),
    currency: toCurrencyCode(ref.currency),
    timeZone: ref.timeZone,
  };
}
