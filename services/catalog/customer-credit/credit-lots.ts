import type { CurrencyCode } from '../../../domain/money';
import type { SqlTransaction } from '../../../infra/db/sql';
import type { TenantSql } from '../../../infra/db/tenant-sql';
import { lockCustomerExclusively } from '../customers';

export type CustomerCreditSql = TenantSql<'customer_credit_entries' | 'customers'>;

/**
 * What an entry does to customer credit. A `grant` opens a lot; every other kind moves money on one lot: an invoice
 * consumes it (`consume`) and gives it back when voided (`restore`), a voided credit note takes back its own grant
 * (`revoke`), a refund takes a payment's credit back to the payer (`refund`) and returns it if the refund fails
 * (`unrefund`).
 */
export type CreditEntryKind = 'grant' | 'consume' | 'restore' | 'revoke' | 'refund' | 'unrefund';

export interface CreditEntry {
  kind: CreditEntryKind;
  customerId: string;
  currency: CurrencyCode;
  /** Signed: positive for grant, restore and unrefund. */
  amountMinor: bigint;
  lotId?: string;
  invoiceId?: string;
  creditNoteId?: string;
  paymentId?: string;
  refundId?: string;
}

/** One lot of credit and what is left of it. `paymentId`: the payment whose money it is (null: a credit note's). */
export interface CreditLot {
  id: string;
  paymentId: string | null;
  unusedMinor: bigint;
}

interface LotRow {
  id: string | number;
  payment_id: string | null;
  unused: string | number;
}

export async function insertCreditEntry(
  sql: CustomerCreditSql,
  transaction: SqlTransaction,
  entry: CreditEntry,
): Promise<void> {
  await sql.query(
    `insert into ${sql.table('customer_credit_entries')}
       (kind, customer_id, currency, amount_minor, lot_id, invoice_id, credit_note_id, payment_id, refund_id)
     values (?, ?, ?, ?::bigint, ?::bigint, ?, ?, ?, ?)`,
    [
      entry.kind,
      entry.customerId,
      entry.currency,
      entry.amountMinor.toString(),
      entry.lotId ?? null,
      entry.invoiceId ?? null,
      entry.creditNoteId ?? null,
      entry.paymentId ?? null,
      entry.refundId ?? null,
    ],
    transaction,
  );
}

export const min = (a: bigint, b: bigint): bigint => (a < b ? a : b);

const toLot = (row: LotRow): CreditLot => ({
  id: String(row.id),
  paymentId: row.payment_id,
  unusedMinor: BigInt(row.unused),
});

/**
 * The lots with credit left matching `where` (a condition on the grant `g`), in the order invoices consume them:
 * credit that came from no payment (credit notes, negative invoices) first, then payments' credit oldest first, so
 * a payment's credit is used last and stays refundable as long as possible.
 */
export async function openLots(
  sql: CustomerCreditSql,
  transaction: SqlTransaction | undefined,
  filter: { where: string; params: (string | null)[] },
): Promise<CreditLot[]> {
  const table = sql.table('customer_credit_entries');
  const rows = await sql.query<LotRow>(
    `select g.id, g.payment_id, (g.amount_minor + coalesce(sum(m.amount_minor), 0))::text as unused
       from ${table} g left join ${table} m on m.lot_id = g.id
      where g.kind = 'grant' and ${filter.where}
      group by g.id
     having g.amount_minor + coalesce(sum(m.amount_minor), 0) > 0
      order by (g.payment_id is not null), g.id`,
    filter.params,
    transaction,
  );
  return rows.map(toLot);
}

/** The net of the entries naming `column = value` per lot (e.g. what one invoice consumed of each lot). */
export async function netByLot(
  sql: CustomerCreditSql,
  transaction: SqlTransaction,
  filter: { column: 'invoice_id' | 'refund_id'; value: string; kinds: readonly CreditEntryKind[] },
): Promise<{ lotId: string; netMinor: bigint }[]> {
  const rows = await sql.query<{ lot_id: string | number; net: string | number }>(
    `select lot_id, sum(amount_minor)::text as net from ${sql.table('customer_credit_entries')}
      where ${filter.column} = ? and kind = any(string_to_array(?, ',')) and lot_id is not null
      group by lot_id order by lot_id`,
    [filter.value, filter.kinds.join(',')],
    transaction,
  );
  return rows.map((row) => ({ lotId: String(row.lot_id), netMinor: BigInt(row.net) }));
}

/**
 * Serialises every movement of one customer's credit: the customer row is locked until the transaction ends, so a
 * balance read after this cannot be spent twice by a concurrent finalize. `no key update`, not `update`: inserting an
 * invoice of the customer takes a key-share lock on the row (its foreign key), and `for update` would wait for that
 * transaction while it may wait for ours (the invoice counter), a deadlock. `no key update` still excludes itself.
 * Callers that also update an invoice or a payment lock those first (one order everywhere, no deadlock).
 */
export async function lockCustomer(
  sql: CustomerCreditSql,
  transaction: SqlTransaction,
  customerId: string,
): Promise<void> {
  if (!(await lockCustomerExclusively(sql, transaction, customerId)))
    throw new Error(`customer ${customerId} does not exist`);
}

/**
 * Takes up to `maxMinor` from `lots` in their order, one entry per lot drawn (`entryFor` says what the entry is);
 * returns what it took.
 */
export async function drawFromLots(
  sql: CustomerCreditSql,
  transaction: SqlTransaction,
  draw: { lots: readonly CreditLot[]; maxMinor: bigint; entryFor: (lotId: string, minor: bigint) => CreditEntry },
): Promise<bigint> {
  let taken = 0n;
  for (const lot of draw.lots) {
    const share = min(lot.unusedMinor, draw.maxMinor - taken);
    if (share <= 0n) break;
    await insertCreditEntry(sql, transaction, draw.entryFor(lot.id, -share));
    taken += share;
  }
  return taken;
}

/**
 * Gives back, lot by lot, what the entries naming `column = value` of the `taking` kind took net (an invoice's
 * consumption when it is voided, a refund's take-back when it fails); returns what it gave back.
 */
export async function giveBackToLots(
  sql: CustomerCreditSql,
  transaction: SqlTransaction,
  back: {
    column: 'invoice_id' | 'refund_id';
    value: string;
    taking: CreditEntryKind;
    giving: CreditEntryKind;
    entryFor: (lotId: string, minor: bigint) => CreditEntry;
  },
): Promise<bigint> {
  const taken = await netByLot(sql, transaction, {
    column: back.column,
    value: back.value,
    kinds: [back.taking, back.giving],
  });
  let returned = 0n;
  for (const { lotId, netMinor } of taken) {
    if (netMinor >= 0n) continue;
    await insertCreditEntry(sql, transaction, back.entryFor(lotId, -netMinor));
    returned -= netMinor;
  }
  return returned;
}
