import { toCurrencyCode } from '../../../domain/money';
import { buildIntervalChangeLines } from '../../../domain/subscriptions';
import { createInvoice } from '../invoices';
import { creditedWithin, type CreditRoomSql } from './credit-within-room';
import { subscriptionInvoice, toIssued } from './subscription-invoice';
import type { IntervalChangeInvoice, InvoiceIntervalChangeInput } from '../../../workflows/subscriptions/wire';

/**
 * The invoice of a change to another billing interval made now with both plans IN_ADVANCE, as Stripe presents it:
 * a PRORATION credit line for the old plan's unused days and the new period's SUBSCRIPTION line, on one invoice.
 * Keyed as the new period's base invoice, so a retry, or a restarted workflow opening that period, finds it.
 */
export async function issueIntervalChangeInvoice(
  sql: CreditRoomSql,
  input: InvoiceIntervalChangeInput,
): Promise<IntervalChangeInvoice> {
  const currency = toCurrencyCode(input.currency);
  const instant = (value: string) => new Date(value);
  const lines = buildIntervalChangeLines({
    oldPlan: { name: input.oldPlan.name, feeMinor: BigInt(input.feeBasisMinor ?? input.oldPlan.amountMinor) },
    newPlan: { name: input.newPlan.name, feeMinor: BigInt(input.newPlan.amountMinor) },
    changeAt: instant(input.changeAt),
    oldPeriod: { start: instant(input.oldPeriod.start), end: instant(input.oldPeriod.end) },
    newPeriod: { start: instant(input.newPeriod.start), end: instant(input.newPeriod.end) },
    timeZone: input.timeZone,
    currency,
    invoicedMinor: BigInt(input.invoicedMinor),
    creditedMinor: await creditedWithin(sql, input),
  });
  const invoice = await createInvoice(
    sql,
    subscriptionInvoice(input, {
      planId: input.newPlan.planId,
      key: input.idempotencyKey,
      now: input.changeAt,
      lines: lines.credit === null ? [lines.charge] : [lines.credit, lines.charge],
    }),
  );
  return {
    ...toIssued(invoice),
    creditMinor: (-(lines.credit?.amountMinor ?? 0n)).toString(),
    // Coupons discount only SUBSCRIPTION lines (never more than them), so the discount is all the new period's.
    periodChargedMinor: (lines.charge.amountMinor - invoice.discountMinor).toString(),
  };
}
