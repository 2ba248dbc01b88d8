import type { CreditNoteStatus } from '../../../domain/credit-notes';
import {
  CREDIT_NOTE_COLUMNS,
  withItems,
  type CreditNoteRecord,
  type CreditNoteRow,
  type CreditNoteSql,
} from './credit-note-records';

export interface CreditNoteFilter {
  customerId?: string;
  invoiceId?: string;
  status?: CreditNoteStatus;
}

const FILTER_COLUMNS: Readonly<Record<keyof CreditNoteFilter, string>> = {
  customerId: 'customer_id = ?',
  invoiceId: 'invoice_id = ?',
  status: 'status = ?',
};

/** A page of credit notes, newest first, with the total matching the filter. */
export async function listCreditNotes(
  sql: CreditNoteSql,
  options: CreditNoteFilter & { limit: number; offset: number },
): Promise<{ records: CreditNoteRecord[]; total: number }> {
  const used = (Object.keys(FILTER_COLUMNS) as (keyof CreditNoteFilter)[]).filter((key) => options[key] !== undefined);
  const where = used.length === 0 ? '' : `where ${used.map((key) => FILTER_COLUMNS[key]).join(' and ')}`;
  const params = used.map((key) => options[key] ?? null);
  const [rows, totals] = await Promise.all([
    sql.query<CreditNoteRow>(
      `select ${CREDIT_NOTE_COLUMNS} from ${sql.table('credit_notes')} ${where}
        order by created_at desc, id desc limit ? offset ?`,
      [...params, options.limit, options.offset],
    ),
    sql.query<{ total: string }>(`select count(*) as total from ${sql.table('credit_notes')} ${where}`, params),
  ]);
  return { records: await withItems(sql, rows), total: Number(totals[0]?.total ?? 0) };
}

/**
 * The credit notes a subscription's workflow issued for its changes (cancel now, pause, plan change), oldest first:
 * those whose idempotency key is one of its workflow's (`<subscriptionId>:…`, unique to the subscription), which a
 * note created through the API never has.
 */
export async function listSubscriptionChangeCreditNoteIds(
  sql: CreditNoteSql,
  subscriptionId: string,
): Promise<string[]> {
  const rows = await sql.query<{ id: string }>(
    `select id from ${sql.table('credit_notes')}
      where reason = 'ORDER_CHANGE' and starts_with(idempotency_key, ?)
      order by created_at, id`,
    [`${subscriptionId}:`],
  );
  return rows.map((row) => row.id);
}

/** What the invoice's DRAFT and FINALIZED credit notes take back from it, in minor units. */
export async function creditedOn(sql: CreditNoteSql, invoiceId: string): Promise<bigint> {
  const row = await sql.one<{ total: string }>(
    `select coalesce(sum(amount_minor), 0)::text as total from ${sql.table('credit_notes')}
      where invoice_id = ? and status in ('DRAFT', 'FINALIZED')`,
    [invoiceId],
  );
  return BigInt(row?.total ?? '0');
}
