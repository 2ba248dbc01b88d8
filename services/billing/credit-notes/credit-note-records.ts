import type { CreditNoteReason, CreditNoteStatus } from '../../../domain/credit-notes';
import { toCurrencyCode, type CurrencyCode } from '../../../domain/money';
import type { SqlTransaction } from '../../../infra/db/sql';
import type { TenantSql } from '../../../infra/db/tenant-sql';
import type { InvoiceTable } from '../invoices';

export interface CreditNoteItemRecord {
  description: string;
  amountMinor: bigint;
}

export interface CreditNoteRecord {
  id: string;
  number: string | null;
  invoiceId: string;
  customerId: string;
  currency: CurrencyCode;
  reason: CreditNoteReason;
  description: string | null;
  amountMinor: bigint;
  /** Empty when the note was made from an amount alone. */
  items: CreditNoteItemRecord[];
  status: CreditNoteStatus;
  issuedAt: Date | null;
  voidedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Expected refusals as stable codes (`creditNoteValue` throws them as AppErrors); `message` says why, for people. */
export type CreditNoteError =
  | 'invoice_not_found'
  | 'credit_note_not_found'
  | 'invalid_state_transition'
  | 'credit_exceeds_invoice_total'
  | 'credit_already_consumed';

export type CreditNoteOutcome =
  { ok: true; value: CreditNoteRecord } | { ok: false; error: CreditNoteError; message: string };

export const refusal = (error: CreditNoteError, message: string): CreditNoteOutcome => ({ ok: false, error, message });

/** Its own tables and, through the invoices module, whatever an invoice's change reaches. */
export type CreditNoteTable = 'credit_notes' | 'credit_note_items' | InvoiceTable;

export type CreditNoteSql = TenantSql<CreditNoteTable>;

type Instant = Date | string;

export interface CreditNoteRow {
  id: string;
  number: string | null;
  invoice_id: string;
  customer_id: string;
  currency: string;
  reason: CreditNoteReason;
  description: string | null;
  amount_minor: string | number;
  status: CreditNoteStatus;
  issued_at: Instant | null;
  voided_at: Instant | null;
  created_at: Instant;
  updated_at: Instant;
}

interface CreditNoteItemRow {
  credit_note_id: string;
  description: string;
  amount_minor: string | number;
}

export const CREDIT_NOTE_COLUMNS =
  'id, number, invoice_id, customer_id, currency, reason, description, amount_minor::text as amount_minor, status, ' +
  'issued_at, voided_at, created_at, updated_at';

const dateOrNull = (value: Instant | null): Date | null => (value === null ? null : new Date(value));

function toCreditNoteRecord(row: CreditNoteRow, items: readonly CreditNoteItemRow[]): CreditNoteRecord {
  return {
    id: row.id,
    number: row.number,
    invoiceId: row.invoice_id,
    customerId: row.customer_id,
    currency: toCurrencyCode(row.currency),
    reason: row.reason,
    description: row.description,
    amountMinor: BigInt(row.amount_minor),
    items: items.map((item) => ({ description: item.description, amountMinor: BigInt(item.amount_minor) })),
    status: row.status,
    issuedAt: dateOrNull(row.issued_at),
    voidedAt: dateOrNull(row.voided_at),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

/** Records for rows, each with its items in position order (one query for all of them). */
export async function withItems(
  sql: CreditNoteSql,
  rows: readonly CreditNoteRow[],
  transaction?: SqlTransaction,
): Promise<CreditNoteRecord[]> {
  if (rows.length === 0) return [];
  const items = await sql.query<CreditNoteItemRow>(
    `select credit_note_id, description, amount_minor::text as amount_minor from ${sql.table('credit_note_items')}
      where credit_note_id in (${rows.map(() => '?').join(', ')}) order by credit_note_id, position`,
    rows.map((row) => row.id),
    transaction,
  );
  return rows.map((row) =>
    toCreditNoteRecord(
      row,
      items.filter((item) => item.credit_note_id === row.id),
    ),
  );
}

/** One credit note, undefined when unknown; `lock` takes its row lock for the rest of the transaction. */
export async function findCreditNote(
  sql: CreditNoteSql,
  id: string,
  options: { transaction?: SqlTransaction; lock?: boolean } = {},
): Promise<CreditNoteRecord | undefined> {
  const row = await sql.one<CreditNoteRow>(
    `select ${CREDIT_NOTE_COLUMNS} from ${sql.table('credit_notes')} where id = ?${options.lock ? ' for update' : ''}`,
    [id],
    options.transaction,
  );
  if (row === undefined) return undefined;
  const [record] = await withItems(sql, [row], options.transaction);
  return record;
}

/** Replaces a credit note's items (none when it was made from an amount). */
export async function writeItems(
  sql: CreditNoteSql,
  transaction: SqlTransaction,
  creditNoteId: string,
  items: readonly CreditNoteItemRecord[],
): Promise<void> {
  await sql.query(
    `delete from ${sql.table('credit_note_items')} where credit_note_id = ?`,
    [creditNoteId],
    transaction,
  );
  for (const [position, item] of items.entries()) {
    await sql.query(
      `insert into ${sql.table('credit_note_items')} (credit_note_id, position, description, amount_minor)
       values (?, ?, ?, ?::bigint)`,
      [creditNoteId, position, item.description, item.amountMinor.toString()],
      transaction,
    );
  }
}
