import { toCurrencyCode, type CurrencyCode } from '../../../domain/money';
import type { SqlTransaction } from '../../../infra/db/sql';
import type { TenantSql } from '../../../infra/db/tenant-sql';

type CustomersTable = TenantSql<'customers'>;

/**
 * A customer as other modules read it to bill or credit it: deleted or not, since an invoice outlives its customer
 * (its PDF still names who was billed) and the zone and terms its periods were computed with stay the customer's.
 */
export interface CustomerOnRecord {
  id: string;
  externalId: string;
  name: string | null;
  email: string;
  country: string | null;
  currency: CurrencyCode;
  timezone: string | null;
  netPaymentTerms: number | null;
  /** The test clock the customer lives on; null on the wall clock. */
  testClockId: string | null;
  deleted: boolean;
}

interface OnRecordRow {
  id: string;
  external_id: string;
  name: string | null;
  email: string;
  country: string | null;
  currency: string;
  timezone: string | null;
  net_payment_terms: number | null;
  test_clock_id: string | null;
  deleted: boolean;
}

/** The customer, deleted or not; undefined for an unknown id. Inside `transaction` when given. */
export async function findCustomerOnRecord(
  sql: CustomersTable,
  id: string,
  transaction?: SqlTransaction,
): Promise<CustomerOnRecord | undefined> {
  const row = await sql.one<OnRecordRow>(
    `select id, external_id, name, email, country, currency, timezone, net_payment_terms, test_clock_id,
            deleted_at is not null as deleted
       from ${sql.table('customers')} where id = ?`,
    [id],
    transaction,
  );
  return row === undefined
    ? undefined
    : {
        id: row.id,
        externalId: row.external_id,
        name: row.name,
        email: row.email,
        country: row.country,
        currency: toCurrencyCode(row.currency),
        timezone: row.timezone,
        netPaymentTerms: row.net_payment_terms,
        testClockId: row.test_clock_id,
        deleted: row.deleted,
      };
}

/**
 * The currency of a live customer (undefined when unknown or deleted), which what is applied to it or billed to it
 * must be in. `forShare` holds the row until the transaction ends, so the customer cannot be deleted meanwhile (the
 * delete locks it `for update`).
 */
export async function findLiveCustomerCurrency(
  sql: CustomersTable,
  request: { id: string; transaction?: SqlTransaction; forShare?: boolean },
): Promise<CurrencyCode | undefined> {
  const lock = request.forShare === true ? ' for share' : '';
  const row = await sql.one<{ currency: string }>(
    `select currency from ${sql.table('customers')} where id = ? and deleted_at is null${lock}`,
    [request.id],
    request.transaction,
  );
  return row === undefined ? undefined : toCurrencyCode(row.currency);
}

/**
 * Locks the customer row (deleted or not) `for no key update` until the transaction ends; false when there is no
 * such row. `no key update`, not `update`: inserting an invoice of the customer takes a key-share lock on the row
 * (its foreign key), which `for update` would wait for while that transaction may wait for ours.
 */
export async function lockCustomerExclusively(
  sql: CustomersTable,
  transaction: SqlTransaction,
  id: string,
): Promise<boolean> {
  const rows = await sql.query(
    `select id from ${sql.table('customers')} where id = ? for no key update`,
    [id],
    transaction,
  );
  return rows.length > 0;
}

/** How many live customers the tenant has. */
export async function countLiveCustomers(sql: CustomersTable): Promise<number> {
  const row = await sql.one<{ count: string }>(
    `select count(*) as count from ${sql.table('customers')} where deleted_at is null`,
  );
  return Number(row?.count ?? 0);
}
