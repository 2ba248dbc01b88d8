import type { CurrencyCode } from '../../domain/money';
import type { SqlTransaction } from '../db/migrator';
import type { InvoiceSql } from './invoice-records';

/*
 * TODO(issue 5, engineer 5): replace both functions with `consumeCustomerCredit` and `grantCustomerCredit` from
 * `infra/credit-notes/customer-credit.ts` once that file lands. Until then they write the shared ledger
 * (`customer_credit_entries`: grants positive, consumption negative, the balance per currency is the sum) the same
 * way, with the customer row locked so two finalizes never spend one balance twice.
 */

async function lockedBalance(
  sql: InvoiceSql,
  transaction: SqlTransaction,
  owner: { customerId: string; currency: CurrencyCode },
): Promise<bigint> {
  await sql.query(`select id from ${sql.table('customers')} where id = ? for update`, [owner.customerId], transaction);
  const [row] = await sql.query<{ balance: string | null }>(
    `select sum(amount_minor)::text as balance from ${sql.table('customer_credit_entries')}
      where customer_id = ? and currency = ?`,
    [owner.customerId, owner.currency],
    transaction,
  );
  return BigInt(row?.balance ?? '0');
}

/** Spends up to `maxMinor` of the customer's credit on the invoice; returns what was spent. */
export async function consumeCustomerCredit(
  sql: InvoiceSql,
  transaction: SqlTransaction,
  input: { customerId: string; currency: CurrencyCode; invoiceId: string; maxMinor: bigint },
): Promise<bigint> {
  if (input.maxMinor <= 0n) return 0n;
  const balance = await lockedBalance(sql, transaction, input);
  const consumed = balance < input.maxMinor ? balance : input.maxMinor;
  if (consumed <= 0n) return 0n;
  await sql.query(
    `insert into ${sql.table('customer_credit_entries')} (customer_id, currency, amount_minor, invoice_id)
     values (?, ?, ?::bigint, ?)`,
    [input.customerId, input.currency, (-consumed).toString(), input.invoiceId],
    transaction,
  );
  return consumed;
}

/** Grants the customer credit from an invoice (a negative proration total). */
export async function grantCustomerCredit(
  sql: InvoiceSql,
  transaction: SqlTransaction,
  input: { customerId: string; currency: CurrencyCode; invoiceId: string; amountMinor: bigint },
): Promise<void> {
  if (input.amountMinor <= 0n) return;
  await lockedBalance(sql, transaction, input);
  await sql.query(
    `insert into ${sql.table('customer_credit_entries')} (customer_id, currency, amount_minor, invoice_id)
     values (?, ?, ?::bigint, ?)`,
    [input.customerId, input.currency, input.amountMinor.toString(), input.invoiceId],
    transaction,
  );
}
