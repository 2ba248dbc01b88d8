import type { InvoiceId } from '../../../domain/ids';
import {
  checkInvoiceTransition,
  composeAtFinalize,
  computeDueDate,
  drawsCredit,
  invoicePurpose,
  resolveDays,
  type FinalizeComposition,
  type InvoiceAtFinalize,
} from '../../../domain/invoices';
import { MoneyOverflowError } from '../../../domain/money';
import { conflict } from '../../platform/errors';
import { afterCommit } from '../../../infra/db/commit-tasks';
import type { SqlTransaction } from '../../../infra/db/sql';
import { noteInvoiceFinalized } from '../../../infra/metrics';
import { recordCustomerEvent } from '../../catalog/customers';
import {
  applyCustomerCreditDraws,
  grantCustomerCredit,
  readCustomerCreditSources,
} from '../../catalog/customer-credit';
import { readWalletFunds, recordWalletConsumption } from '../wallets';
import type { InvoiceOutcome } from './invoice-outcome';
import type { InvoiceRecord, InvoiceSql } from './invoice-records';
import { readTenantSettings } from '../../platform/tenants';
import { readTermSources } from './invoice-settings';
import { findInvoice, saveInvoiceState } from './invoice-store';
import { takeInvoiceNumber } from './invoice-number';
import { recordPendingDunning } from './pending-dunning';
import { lockUsageSubscription, refreshUsageLines } from './usage-lines';
import { invoiceView } from './invoice-view';

export interface FinalizedInvoice {
  invoice: InvoiceRecord;
  /** Nothing was left to pay (credit covered it, or the total was zero or negative): PAID at once. */
  paidAtOnce: boolean;
}

/**
 * What credit pays of the invoice at finalize: the domain's finalize step (customer credit from credit notes, then
 * the wallet's credits up to what is still due) on the customer's credit sources and wallet as read here, then both
 * applied. Locks in the one order: the invoice (held by the caller), the customer's credit, the wallet. A negative
 * total (a downgrade's proration) draws nothing and becomes customer credit instead (Stripe's rule); a
 * credit-purchase invoice uses neither.
 */
async function applyCredits(
  sql: InvoiceSql,
  transaction: SqlTransaction,
  input: { invoice: InvoiceRecord; now: Date },
): Promise<FinalizeComposition> {
  const { invoice, now } = input;
  const owner = { customerId: invoice.customerId, currency: invoice.currency };
  // A DRAFT has no credit note and no payment yet: both wait for it to be OPEN.
  const atFinalize: InvoiceAtFinalize = {
    currency: invoice.currency,
    purpose: invoicePurpose(invoice.lines),
    totalMinor: invoice.totalMinor,
    amountPaidMinor: invoice.amountPaidMinor,
    customerCredit: [],
  };
  if (atFinalize.purpose === 'STANDARD' && invoice.totalMinor < 0n) {
    await grantCustomerCredit(sql, transaction, { ...owner, invoiceId: invoice.id, amountMinor: -invoice.totalMinor });
  }
  if (!drawsCredit(atFinalize)) return composeAtFinalize(atFinalize);
  const customerCredit = await readCustomerCreditSources(sql, transaction, owner);
  const wallet = await readWalletFunds(sql, transaction, invoice.customerId);
  const composed = composeAtFinalize({ ...atFinalize, customerCredit, wallet });
  await applyCustomerCreditDraws(sql, transaction, { ...owner, invoiceId: invoice.id, draws: composed.credits });
  if (composed.wallet !== undefined) {
    await recordWalletConsumption(sql, transaction, { consumption: composed.wallet, invoiceId: invoice.id, now });
  }
  return composed;
}

/**
 * DRAFT → OPEN on a row the transaction holds locked: number from the tenant's gapless counter for the issue year,
 * due date from the net payment terms (customer's, else plan's, else tenant's), customer credit then wallet credits
 * applied. An invoice with nothing left to pay is PAID at once without a payment record, as Stripe does.
 */
export async function finalizeLockedInvoice(
  sql: InvoiceSql,
  transaction: SqlTransaction,
  input: { invoice: InvoiceRecord; now: Date },
): Promise<FinalizedInvoice> {
  const { invoice, now } = input;
  const settings = await readTenantSettings(sql, transaction);
  const sources = await readTermSources(sql, transaction, invoice);
  const number = await takeInvoiceNumber(sql, transaction, {
    invoice,
    now,
    prefix: settings.invoicePrefix,
    timeZone: settings.timezone,
  });
  const credits = await applyCredits(sql, transaction, { invoice, now });
  const { amountCreditedMinor, prepaidCreditAmountMinor, amountDueMinor } = credits;
  const paidAtOnce = amountDueMinor === 0n;
  const netTerms = resolveDays(sources.customerNetPaymentTerms, sources.planNetPaymentTerms, settings.netPaymentTerms);
  const saved = await saveInvoiceState(sql, transaction, {
    invoice,
    changes: {
      number,
      status: paidAtOnce ? 'PAID' : 'OPEN',
      amountCreditedMinor,
      prepaidCreditAmountMinor,
      amountDueMinor,
      issuedAt: now,
      dueDate: invoice.dueDate ?? computeDueDate(now, netTerms),
      paidAt: paidAtOnce ? now : null,
      finalizeAfter: null,
    },
    now,
  });
  await recordPendingDunning(sql, transaction, saved);
  await afterCommit(transaction, () => {
    noteInvoiceFinalized();
    return Promise.resolve();
  });
  return { invoice: saved, paidAtOnce };
}

/** `invoice.paid` for an invoice finalizing left nothing to pay; callers record it after their own events. */
export async function recordPaidAtOnce(
  sql: InvoiceSql,
  transaction: SqlTransaction,
  input: { finalized: FinalizedInvoice; now: Date },
): Promise<void> {
  if (!input.finalized.paidAtOnce) return;
  const data = invoiceView(input.finalized.invoice);
  await recordCustomerEvent(sql, transaction, {
    type: 'invoice.paid',
    customerId: input.finalized.invoice.customerId,
    data,
    occurredAt: input.now,
  });
}

/**
 * The invoice locked for its finalize: the subscription whose usage it bills first (the usage close's lock order),
 * then the invoice row.
 */
async function lockForFinalize(
  sql: InvoiceSql,
  transaction: SqlTransaction,
  invoiceId: InvoiceId,
): Promise<InvoiceRecord | undefined> {
  await lockUsageSubscription(sql, transaction, invoiceId);
  return findInvoice(sql, invoiceId, { transaction, forUpdate: true });
}

/**
 * Finalizes a DRAFT invoice (409 `invalid_state_transition` from any other status). A DRAFT billing usage segments
 * has its USAGE lines priced again first, so events accepted until now are billed (CONTRACT §10, late events); usage
 * priced beyond the money maximum is 409 `usage_out_of_range` and leaves the DRAFT as it was.
 */
export async function finalizeInvoice(
  sql: InvoiceSql,
  invoiceId: InvoiceId,
  now: Date,
): Promise<InvoiceOutcome<InvoiceRecord>> {
  try {
    return await finalizeInTransaction(sql, invoiceId, now);
  } catch (error) {
    // Usage priced again beyond the money maximum: nothing was written (the transaction rolled back).
    if (error instanceof MoneyOverflowError) {
      throw conflict(
        'usage_out_of_range',
        `Invoice ${invoiceId} prices usage beyond the largest amount: ${error.message}`,
      );
    }
    throw error;
  }
}

function finalizeInTransaction(
  sql: InvoiceSql,
  invoiceId: InvoiceId,
  now: Date,
): Promise<InvoiceOutcome<InvoiceRecord>> {
  return sql.transactional(async (transaction): Promise<InvoiceOutcome<InvoiceRecord>> => {
    const locked = await lockForFinalize(sql, transaction, invoiceId);
    if (locked === undefined) return { ok: false, error: { code: 'invoice_not_found' } };
    const refusal = checkInvoiceTransition(locked.status, 'finalize');
    if (refusal !== undefined) return { ok: false, error: refusal };
    const invoice = await refreshUsageLines(sql, transaction, { invoice: locked, now });
    const finalized = await finalizeLockedInvoice(sql, transaction, { invoice, now });
    await recordPaidAtOnce(sql, transaction, { finalized, now });
    return { ok: true, value: finalized.invoice };
  });
}

/**
 * For the subscription workflow's grace-period timer: finalizes the invoice if it is still a DRAFT (someone may have
 * finalized or voided it by hand meanwhile), its usage priced again as `finalizeInvoice` does, and returns it as it
 * now stands; undefined when it does not exist.
 */
export async function finalizeInvoiceIfDraft(
  sql: InvoiceSql,
  invoiceId: InvoiceId,
  now: Date,
): Promise<InvoiceRecord | undefined> {
  return sql.transactional(async (transaction) => {
    const locked = await lockForFinalize(sql, transaction, invoiceId);
    if (locked?.status !== 'DRAFT') return locked;
    const invoice = await refreshUsageLines(sql, transaction, { invoice: locked, now });
    const finalized = await finalizeLockedInvoice(sql, transaction, { invoice, now });
    await recordPaidAtOnce(sql, transaction, { finalized, now });
    return finalized.invoice;
  });
}
