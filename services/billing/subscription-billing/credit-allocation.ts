import { requireId } from '../../../domain/ids';
import { creditUnusedPart, splitPeriodDays } from '../../../domain/subscriptions';
import { formatMajorUnits, toCurrencyCode } from '../../../domain/money';
import { createCreditNote } from '../credit-notes';
import { finalizeInvoiceIfDraft } from '../invoices';
import type { TenantSql } from '../../../infra/db/tenant-sql';
import type { Logger } from '../../../infra/logger';
import type { CreditableInvoice, CreditUnusedInput, CreditUnusedResult } from '../../../workflows/subscriptions/wire';

/**
 * The credit for the unused days of the current plan (capped at invoiced minus credited for the period), spread
 * over the period's invoices newest first: a credit note never exceeds what its invoice can still take, so after an
 * upgrade the proration invoice is credited first and the base invoice for the rest. A DRAFT held by a grace period
 * is finalized first (a credit note needs an OPEN or PAID invoice); an invoice that refuses (voided meanwhile) is
 * skipped. Each note's idempotency key is the call's key plus the invoice, so a retry issues nothing new.
 */
export async function creditAcrossInvoices(options: {
  sql: TenantSql;
  logger: Logger;
  input: CreditUnusedInput;
}): Promise<CreditUnusedResult> {
  const { sql, logger, input } = options;
  const currency = toCurrencyCode(input.currency);
  const days = splitPeriodDays({
    periodStart: input.period.start,
    periodEnd: input.period.end,
    changeAt: input.changeAt,
    timeZone: input.timeZone,
  });
  let left = creditUnusedPart({
    feeMinor: BigInt(input.feeBasisMinor ?? input.plan.amountMinor),
    days,
    invoicedMinor: BigInt(input.invoicedMinor),
    creditedMinor: BigInt(input.creditedMinor),
  });
  let credited = 0n;
  const invoices: CreditableInvoice[] = [];
  for (const target of input.invoices) {
    const room = BigInt(target.creditableMinor);
    const amountMinor = left < room ? left : room;
    if (amountMinor <= 0n) {
      invoices.push(target);
      continue;
    }
    const now = new Date(input.changeAt);
    await finalizeInvoiceIfDraft(sql, requireId('invoice', target.invoiceId), now);
    const description = `Unused time on ${input.plan.name} (${days.remainingDays} of ${days.periodDays} days)`;
    const outcome = await createCreditNote(sql, {
      invoiceId: target.invoiceId,
      reason: 'ORDER_CHANGE',
      items: [{ description, amountMinor }],
      finalize: true,
      idempotencyKey: `${input.idempotencyKey}:${target.invoiceId}`,
      now,
    });
    if (!outcome.ok) {
      logger.warn({ invoiceId: target.invoiceId, error: outcome.error }, 'credit note refused; trying older invoices');
      invoices.push({ invoiceId: target.invoiceId, creditableMinor: '0' });
      continue;
    }
    logger.info(
      { creditNoteId: outcome.value.id, amount: formatMajorUnits({ amount: amountMinor, currency }) },
      'credited unused time',
    );
    left -= amountMinor;
    credited += amountMinor;
    invoices.push({ invoiceId: target.invoiceId, creditableMinor: (room - amountMinor).toString() });
  }
  return { creditedMinor: credited.toString(), invoices };
}
