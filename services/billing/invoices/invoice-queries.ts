import { COLLECTING_STATUSES } from '../../../domain/invoices';
import { toCurrencyCode, type CurrencyCode } from '../../../domain/money';
import type { SqlTransaction } from '../../../infra/db/sql';
import type { TenantSql } from '../../../infra/db/tenant-sql';
import type { InvoiceRecord, InvoiceSql } from './invoice-records';
import { queryInvoices, type InvoiceFilter } from './invoice-store';

export { findInvoice, type InvoiceFilter } from './invoice-store';

/** A page of the tenant's invoices, newest first, filtered by status, customer and subscription. */
export async function listInvoices(
  sql: InvoiceSql,
  options: { filter: InvoiceFilter; limit: number; offset: number },
): Promise<{ records: InvoiceRecord[]; total: number }> {
  return queryInvoices(sql, options);
}

/** The currency of an invoice (what a credit note's amounts are in); undefined for an unknown invoice. */
export async function findInvoiceCurrency(sql: InvoiceSql, invoiceId: string): Promise<CurrencyCode | undefined> {
  const row = await sql.one<{ currency: string }>(`select currency from ${sql.table('invoices')} where id = ?`, [
    invoiceId,
  ]);
  return row === undefined ? undefined : toCurrencyCode(row.currency);
}

/** Which of the invoices are still DRAFTs (usage ingestion takes events into a DRAFT's period). */
export async function listDraftInvoices(
  sql: TenantSql<'invoices'>,
  request: { invoiceIds: readonly string[]; transaction?: SqlTransaction },
): Promise<Set<string>> {
  if (request.invoiceIds.length === 0) return new Set();
  const rows = await sql.query<{ id: string }>(
    `select id from ${sql.table('invoices')}
      where id in (select jsonb_array_elements_text(?::jsonb)) and status = 'DRAFT'`,
    [JSON.stringify(request.invoiceIds)],
    request.transaction,
  );
  return new Set(rows.map((row) => row.id));
}

/** How many invoices the tenant has, in any status. */
export async function countInvoices(sql: TenantSql<'invoices'>): Promise<number> {
  const row = await sql.one<{ count: string }>(`select count(*) as count from ${sql.table('invoices')}`);
  return Number(row?.count ?? 0);
}

/**
 * Whether any invoice of the subscription is overdue at `now` (OPEN or UNCOLLECTIBLE past its due date, `isOverdue`):
 * what makes it PAST_DUE (CONTRACT §12).
 */
export async function hasOverdueInvoices(
  sql: TenantSql<'invoices'>,
  request: { subscriptionId: string; now: Date; transaction?: SqlTransaction },
): Promise<boolean> {
  const row = await sql.one<{ overdue: boolean }>(
    `select exists (select 1 from ${sql.table('invoices')}
                     where subscription_id = ? and status in (${COLLECTING_STATUSES.map(() => '?').join(', ')})
                       and due_date <= ?) as overdue`,
    [request.subscriptionId, ...COLLECTING_STATUSES, request.now],
    request.transaction,
  );
  return row?.overdue === true;
}

/**
 * The ids of these customers' invoices still being collected (OPEN or UNCOLLECTIBLE with a due date): those whose
 * dunning ladder may still run. Oldest first.
 */
export async function listCollectingInvoiceIds(sql: InvoiceSql, customerIds: string[]): Promise<string[]> {
  if (customerIds.length === 0) return [];
  const rows = await sql.query<{ id: string }>(
    `select id from ${sql.table('invoices')}
      where customer_id in (select jsonb_array_elements_text(?::jsonb))
        and status in ('OPEN', 'UNCOLLECTIBLE') and due_date is not null
      order by created_at, id`,
    [JSON.stringify(customerIds)],
  );
  return rows.map((row) => row.id);
}
