import type { CurrencyCode } from '../../domain/money';
import type { SqlTransaction } from '../../infra/db/sql';
import type { TenantSql } from '../../infra/db/tenant-sql';

export type CustomerCreditSql = TenantSql<'customer_credit_entries' | 'customers'>;

export interface CreditUse {
  customerId: string;
  currency: CurrencyCode;
  invoiceId: string;
  maxMinor: bigint;
}

export interface CreditGrant {
  customerId: string;
  currency: CurrencyCode;
  amountMinor: bigint;
  invoiceId?: string;
  creditNoteId?: string;
}

/**
 * Serialises every movement of one customer's credit: the customer row is locked until the transaction ends, so a
 * balance read after this cannot be spent twice by a concurrent finalize. `no key update`, not `update`: inserting an
 * invoice of the customer takes a key-share lock on the row (its foreign key), and `for update` would wait for that
 * transaction while it may wait for ours (the invoice counter), a deadlock. `no key update` still excludes itself. Callers that also update an invoice lock
 * the invoice first (invoice, then customer: one order everywhere, no deadlock).
 */
async function lockCustomer(sql: CustomerCreditSql, transaction: SqlTransaction, customerId: string): Promise<void> {
  const rows = await sql.query(
    `select id from ${sql.table('customers')} where id = ? for no key update`,
    [customerId],
    transaction,
  );
  if (rows.length === 0) throw new Error(`customer ${customerId} does not exist`);
}

/** The customer's credit balance in `currency` (the sum of the ledger); 0 when there was never any. */
export async function customerCreditBalance(
  sql: CustomerCreditSql,
  transaction: SqlTransaction | undefined,
  customerId: string,
  currency: CurrencyCode,
): Promise<bigint> {
  const row = await sql.one<{ balance: string | number }>(
    `select coalesce(sum(amount_minor), 0)::text as balance from ${sql.table('customer_credit_entries')}
      where customer_id = ? and currency = ?`,
    [customerId, currency],
    transaction,
  );
  return BigInt(row?.balance ?? 0);
}

async function insertEntry(
  sql: CustomerCreditSql,
  transaction: SqlTransaction,
  entry: { customerId: string; currency: CurrencyCode; amountMinor: bigint; invoiceId?: string; creditNoteId?: string },
): Promise<void> {
  await sql.query(
    `insert into ${sql.table('customer_credit_entries')} (customer_id, currency, amount_minor, invoice_id, credit_note_id)
     values (?, ?, ?::bigint, ?, ?)`,
    [
      entry.customerId,
      entry.currency,
      entry.amountMinor.toString(),
      entry.invoiceId ?? null,
      entry.creditNoteId ?? null,
    ],
    transaction,
  );
}

/** Consumes up to maxMinor of the customer's credit balance in `currency` for `invoiceId`; returns what it took. */
export async function consumeCustomerCredit(
  sql: CustomerCreditSql,
  transaction: SqlTransaction,
  use: CreditUse,
): Promise<bigint> {
  if (use.maxMinor <= 0n) return 0n;
  await lockCustomer(sql, transaction, use.customerId);
  const balance = await customerCreditBalance(sql, transaction, use.customerId, use.currency);
  const taken = balance < use.maxMinor ? balance : use.maxMinor;
  if (taken <= 0n) return 0n;
  await insertEntry(sql, transaction, {
    customerId: use.customerId,
    currency: use.currency,
    amountMinor: -taken,
    invoiceId: use.invoiceId,
  });
  return taken;
}

/**
 * Gives back what an invoice consumed (a + entry naming it, so its entries then sum to zero) when it is voided; the
 * caller holds the invoice locked, so this runs once per invoice. Returns what it gave back.
 */
export async function returnConsumedCustomerCredit(
  sql: CustomerCreditSql,
  transaction: SqlTransaction,
  owner: { customerId: string; currency: CurrencyCode; invoiceId: string },
): Promise<bigint> {
  await lockCustomer(sql, transaction, owner.customerId);
  const row = await sql.one<{ net: string | number }>(
    `select coalesce(sum(amount_minor), 0)::text as net from ${sql.table('customer_credit_entries')}
      where invoice_id = ? and customer_id = ? and currency = ?`,
    [owner.invoiceId, owner.customerId, owner.currency],
    transaction,
  );
  const consumed = -BigInt(row?.net ?? 0);
  if (consumed <= 0n) return 0n;
  await insertEntry(sql, transaction, { ...owner, amountMinor: consumed });
  return consumed;
}

/** Adds credit (a + entry), e.g. the excess of a negative invoice or a credit note on a PAID invoice. */
export async function grantCustomerCredit(
  sql: CustomerCreditSql,
  transaction: SqlTransaction,
  grant: CreditGrant,
): Promise<void> {
  if (grant.amountMinor <= 0n) throw new Error(`a credit grant must be positive, got ${grant.amountMinor}`);
  await lockCustomer(sql, transaction, grant.customerId);
  await insertEntry(sql, transaction, grant);
}

/**
 * Takes back a credit note's grant when the note is voided (a − entry naming the note). Credit is pooled per
 * currency, so the grant is still whole only if the balance still covers it; otherwise some of it was consumed by
 * an invoice and nothing is taken: the caller refuses the void. Returns whether the grant was taken back.
 */
export async function revokeCreditNoteGrant(
  sql: CustomerCreditSql,
  transaction: SqlTransaction,
  grant: { customerId: string; currency: CurrencyCode; creditNoteId: string; amountMinor: bigint },
): Promise<boolean> {
  if (grant.amountMinor <= 0n) return true;
  await lockCustomer(sql, transaction, grant.customerId);
  const balance = await customerCreditBalance(sql, transaction, grant.customerId, grant.currency);
  if (balance < grant.amountMinor) return false;
  await insertEntry(sql, transaction, {
    customerId: grant.customerId,
    currency: grant.currency,
    amountMinor: -grant.amountMinor,
    creditNoteId: grant.creditNoteId,
  });
  return true;
}

/** What a credit note granted to customer credit (its + entries), net of any take-back. */
export async function creditNoteGrantedMinor(
  sql: CustomerCreditSql,
  transaction: SqlTransaction | undefined,
  creditNoteId: string,
): Promise<bigint> {
  const row = await sql.one<{ granted: string | number }>(
    `select coalesce(sum(amount_minor), 0)::text as granted from ${sql.table('customer_credit_entries')}
      where credit_note_id = ?`,
    [creditNoteId],
    transaction,
  );
  return BigInt(row?.granted ?? 0);
}
