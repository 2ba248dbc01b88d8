import {
  computeAmountDue,
  computeFinalizeAfter,
  resolveDays,
  type CreationComposition,
  type InvoiceLineType,
} from '../../../domain/invoices';
import type { CurrencyCode } from '../../../domain/money';
import type { SqlTransaction } from '../../../infra/db/sql';
import { newId } from '../../../infra/ids';
import { recordCustomerEvent } from '../../catalog/customers';
import { planNewInvoice, recordInvoiceDiscounts } from './invoice-coupons';
import { finalizeLockedInvoice, recordPaidAtOnce, type FinalizedInvoice } from './finalize-invoice';
import { INVOICE_COLUMNS, type InvoiceRecord, type InvoiceRow, type InvoiceSql } from './invoice-records';
import { readTenantSettings } from '../../platform/tenants';
import { readTermSources } from './invoice-settings';
import { findInvoice, withLinesAndDiscounts } from './invoice-store';
import { invoiceView } from './invoice-view';

export interface NewInvoiceLine {
  type: InvoiceLineType;
  description: string;
  /** Exact decimal, e.g. '1'. */
  quantity: string;
  /** Exact decimal in major units, e.g. '-14.97' or '30'. */
  unitAmount: string;
  /** Already rounded once for the line; negative for a proration credit. */
  amountMinor: bigint;
  periodStart?: Date;
  periodEnd?: Date;
  /** USAGE lines: the billable metric they price, so a coupon limited to it finds them. */
  billableMetricId?: string | null;
}

export interface NewInvoice {
  customerId: string;
  currency: CurrencyCode;
  subscriptionId?: string | null;
  planId?: string | null;
  lines: NewInvoiceLine[];
  metadata?: Record<string, string>;
  dueDate?: Date | null;
  /** The same key again returns the invoice already made and creates nothing. */
  idempotencyKey?: string;
  /** Generated invoices: finalize now unless a grace period (plan's, else tenant's) holds them as DRAFT. */
  autoFinalize: boolean;
  /** With `autoFinalize`: finalize now whatever the grace period (a credit purchase is sold on a finalized invoice). */
  skipGracePeriod?: boolean;
  now: Date;
}

/** Inserts the invoice row unless its idempotency key is taken; undefined means another call made it. */
async function insertInvoiceRow(
  sql: InvoiceSql,
  transaction: SqlTransaction,
  input: { invoice: NewInvoice; totals: CreationComposition },
): Promise<InvoiceRow | undefined> {
  const { invoice, totals } = input;
  const amountDueMinor = computeAmountDue({
    totalMinor: totals.totalMinor,
    amountCreditedMinor: 0n,
    prepaidCreditAmountMinor: 0n,
    amountPaidMinor: 0n,
  });
  const row = await sql.one<InvoiceRow>(
    `insert into ${sql.table('invoices')} (id, status, customer_id, subscription_id, currency, subtotal_minor,
       discount_minor, tax_minor, total_minor, amount_due_minor, due_date, metadata, idempotency_key, created_at,
       updated_at)
     values (?, 'DRAFT', ?, ?, ?, ?::bigint, ?::bigint, ?::bigint, ?::bigint, ?::bigint, ?, ?::jsonb, ?, ?, ?)
     on conflict (idempotency_key) do nothing returning ${INVOICE_COLUMNS}`,
    [
      newId('invoice'),
      invoice.customerId,
      invoice.subscriptionId ?? null,
      invoice.currency,
      totals.subtotalMinor.toString(),
      totals.discountMinor.toString(),
      totals.taxMinor.toString(),
      totals.totalMinor.toString(),
      amountDueMinor.toString(),
      invoice.dueDate ?? null,
      JSON.stringify(invoice.metadata ?? {}),
      invoice.idempotencyKey ?? null,
      invoice.now,
      invoice.now,
    ],
    transaction,
  );
  return row;
}

async function insertLines(
  sql: InvoiceSql,
  transaction: SqlTransaction,
  input: { invoiceId: string; lines: readonly NewInvoiceLine[] },
): Promise<void> {
  for (const [position, line] of input.lines.entries()) {
    await sql.query(
      `insert into ${sql.table('invoice_lines')} (id, invoice_id, position, type, description, quantity, unit_amount,
         amount_minor, period_start, period_end, billable_metric_id)
       values (?, ?, ?, ?, ?, ?::numeric, ?::numeric, ?::bigint, ?, ?, ?)`,
      [
        newId('invoiceLine'),
        input.invoiceId,
        position,
        line.type,
        line.description,
        line.quantity,
        line.unitAmount,
        line.amountMinor.toString(),
        line.periodStart ?? null,
        line.periodEnd ?? null,
        line.billableMetricId ?? null,
      ],
      transaction,
    );
  }
}

/** The grace period of a generated invoice: the plan's, else the tenant's. */
async function gracePeriodDays(sql: InvoiceSql, transaction: SqlTransaction, invoice: NewInvoice): Promise<number> {
  const owner = {
    customerId: invoice.customerId,
    subscriptionId: invoice.subscriptionId ?? null,
    planId: invoice.planId ?? null,
  };
  const sources = await readTermSources(sql, transaction, owner);
  const settings = await readTenantSettings(sql, transaction);
  return resolveDays(sources.planGracePeriodDays, settings.invoiceGracePeriodDays);
}

/** Finalizes now, or records when the grace period ends (the workflow's timer finalizes then). */
async function settleNewInvoice(
  sql: InvoiceSql,
  transaction: SqlTransaction,
  input: { draft: InvoiceRecord; invoice: NewInvoice },
): Promise<FinalizedInvoice> {
  const { draft, invoice } = input;
  if (!invoice.autoFinalize) return { invoice: draft, paidAtOnce: false };
  const graceDays = invoice.skipGracePeriod === true ? 0 : await gracePeriodDays(sql, transaction, invoice);
  const finalizeAfter = computeFinalizeAfter(invoice.now, graceDays);
  if (finalizeAfter === undefined) return finalizeLockedInvoice(sql, transaction, { invoice: draft, now: invoice.now });
  const row = await sql.one<InvoiceRow>(
    `update ${sql.table('invoices')} set finalize_after = ? where id = ? returning ${INVOICE_COLUMNS}`,
    [finalizeAfter, draft.id],
    transaction,
  );
  const [held] = await withLinesAndDiscounts(sql, row === undefined ? [] : [row], transaction);
  return { invoice: held ?? draft, paidAtOnce: false };
}

/**
 * Creates an invoice with its lines, coupon discounts and totals (the domain's creation step) in one transaction,
 * records `invoice.created` (and `invoice.paid` when finalizing leaves nothing to pay), and finalizes at once when
 * asked and no grace period applies. Idempotent on `idempotencyKey`: a retried activity gets the invoice its first
 * attempt made, and consumes no coupon again.
 */
export async function createInvoice(sql: InvoiceSql, invoice: NewInvoice): Promise<InvoiceRecord> {
  return sql.transactional((transaction) => createInvoiceInTransaction(sql, transaction, invoice));
}

/** `createInvoice` inside the caller's transaction: a usage close holds its subscription row locked there. */
export async function createInvoiceInTransaction(
  sql: InvoiceSql,
  transaction: SqlTransaction,
  invoice: NewInvoice,
): Promise<InvoiceRecord> {
  // Coupons are locked before the insert: a concurrent invoice of the customer waits and sees what this one used.
  const planned = await planNewInvoice(sql, transaction, invoice);
  const row = await insertInvoiceRow(sql, transaction, { invoice, totals: planned.composition });
  if (row === undefined) return existingInvoice(sql, transaction, invoice.idempotencyKey);
  await insertLines(sql, transaction, { invoiceId: row.id, lines: invoice.lines });
  await recordInvoiceDiscounts(sql, transaction, { invoiceId: row.id, planned, now: invoice.now });
  const draft = await findInvoice(sql, row.id, { transaction, forUpdate: true });
  if (draft === undefined) throw new Error(`invoice ${row.id} vanished inside its own transaction`);
  const settled = await settleNewInvoice(sql, transaction, { draft, invoice });
  const occurredAt = invoice.now;
  await recordCustomerEvent(sql, transaction, {
    type: 'invoice.created',
    customerId: settled.invoice.customerId,
    data: invoiceView(settled.invoice),
    occurredAt,
  });
  await recordPaidAtOnce(sql, transaction, { finalized: settled, now: occurredAt });
  return settled.invoice;
}

async function existingInvoice(
  sql: InvoiceSql,
  transaction: SqlTransaction,
  idempotencyKey: string | undefined,
): Promise<InvoiceRecord> {
  const row = await sql.one<InvoiceRow>(
    `select ${INVOICE_COLUMNS} from ${sql.table('invoices')} where idempotency_key = ?`,
    [idempotencyKey ?? null],
    transaction,
  );
  const [record] = await withLinesAndDiscounts(sql, row === undefined ? [] : [row], transaction);
  if (record === undefined) throw new Error(`invoice with idempotency key ${String(idempotencyKey)} not found`);
  return record;
}
