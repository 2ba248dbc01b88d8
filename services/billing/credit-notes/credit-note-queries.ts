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

/**
 * What credit could still be taken back from `invoiceIds` together: each one's total less its DRAFT and FINALIZED
 * credit notes, nothing of a VOIDED one. A subscription's change credits the unused part of a period no more than
 * this, whatever the workflow counted (an invoice voided or credited through the API meanwhile).
 */
export async function creditableRoom(sql: CreditNoteSql, invoiceIds: readonly string[]): Promise<bigint> {
  if (invoiceIds.length === 0) return 0n;
  const row = await sql.one<{ room: string }>(
    `select coalesce(sum(greatest(i.total_minor - coalesce(n.credited, 0), 0)), 0)::text as room
       from ${sql.table('invoices')} i
       left join (select invoice_id, sum(amount_minor) as credited from ${sql.table('credit_notes')}
                   where status in ('DRAFT', 'FINALIZED') group by invoice_id) n on n.invoice_id = i.id
      where i.id in (select jsonb_array_elements_text(?::jsonb)) and i.status <> 'VOIDED'`,
    [JSON.stringify(invoiceIds)],
  );
  return BigInt(row?.room ?? '0');
}
