import { requireId, type CustomerId } from '../../../domain/ids';
import { newId } from '../../../infra/ids';
import { isUniqueViolation } from '../../../infra/db/postgres-errors';
import type { TenantSql } from '../../../infra/db/tenant-sql';
import { conflict, type AppError } from '../../platform/errors';
import type { SqlParam, SqlTransaction } from '../../../infra/db/sql';
import { attachCustomerToClock, detachCustomerFromClock } from '../test-clocks';
import type { CustomerSubscriptions } from './subscription-port';
import type { CustomerWallets } from './wallet-port';

/** A customer as the API sees it; deleted customers are never returned except by the delete that removed them. */
export interface CustomerRecord {
  id: CustomerId;
  externalId: string;
  name: string | null;
  email: string;
  country: string | null;
  currency: string;
  /** The zone that applies: the customer's own, else the tenant's. */
  timezone: string;
  netPaymentTerms: number | null;
  metadata: Record<string, string>;
  /** The test clock whose time the customer lives on, fixed at creation; null for a customer on the wall clock. */
  testClockId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Values already validated and normalised (codes upper case, time zone canonical). */
export interface CustomerValues {
  externalId: string;
  name: string | null;
  email: string;
  country: string | null;
  currency: string;
  timezone: string | null;
  netPaymentTerms: number | null;
  metadata: Record<string, string>;
}

export type CustomerChanges = Partial<CustomerValues>;

export interface CustomerFilter {
  /** Case-insensitive substring of name, email or externalId. */
  search?: string;
  country?: string;
  currency?: string;
  testClockId?: string;
}

/** Another live customer of the tenant has the externalId (the partial unique index). */
const externalIdTaken = (externalId: string): AppError =>
  conflict('customer_external_id_taken', `A customer with externalId ${JSON.stringify(externalId)} already exists`);

interface CustomerRow {
  id: string;
  external_id: string;
  name: string | null;
  email: string;
  country: string | null;
  currency: string;
  timezone: string;
  net_payment_terms: number | null;
  metadata: unknown;
  test_clock_id: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/**
 * The customer's columns, its time zone as it applies: its own, else its tenant's (else UTC), so a customer created
 * without one shows the zone its periods follow, and follows the tenant's when that changes. The tenant id is
 * well-formed (`tenantSql` refuses any other), so it is written into the statement as a literal.
 */
const columnsOf = (sql: { tenantId: string }): string =>
  'id, external_id, name, email, country, currency, ' +
  `coalesce(timezone, (select settings->>'timezone' from central.tenants where id = '${sql.tenantId}'), 'UTC') ` +
  'as timezone, net_payment_terms, metadata, test_clock_id, created_at, updated_at';
const EXTERNAL_ID_UNIQUE_INDEX = 'customers_external_id_unique';
const SETTABLE_COLUMNS: Readonly<Record<keyof CustomerValues, string>> = {
  externalId: 'external_id',
  name: 'name',
  email: 'email',
  country: 'country',
  currency: 'currency',
  timezone: 'timezone',
  netPaymentTerms: 'net_payment_terms',
  metadata: 'metadata',
};

export type CustomerSql = TenantSql<'customers' | 'subscriptions'>;

/**
 * `now` is business time: the customer's `createdAt`, which analytics counts new customers by. A customer created on
 * a test clock (`testClockId`) is counted on the clock under its row lock in the same transaction (404 for an unknown
 * clock, 409 past its limit) and created at the clock's time instead.
 */
export async function insertCustomer(
  sql: TenantSql,
  values: CustomerValues,
  options: { now: Date; testClockId?: string | undefined },
): Promise<CustomerRecord> {
  const { testClockId } = options;
  if (testClockId === undefined) return insertCustomerRow(sql, { values, testClockId: null, now: options.now });
  return sql.transactional(async (transaction) => {
    const clock = await attachCustomerToClock(sql, transaction, testClockId);
    return insertCustomerRow(sql, { values, testClockId, now: clock.frozenTime }, transaction);
  });
}

async function insertCustomerRow(
  sql: CustomerSql,
  row: { values: CustomerValues; testClockId: string | null; now: Date },
  transaction?: SqlTransaction,
): Promise<CustomerRecord> {
  const { values, now } = row;
  const inserted = await translateUniqueViolation(values.externalId, () =>
    sql.oneOrFail<CustomerRow>(
      `insert into ${sql.table('customers')}
         (id, external_id, name, email, country, currency, timezone, net_payment_terms, metadata, test_clock_id,
          created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?)
       returning ${columnsOf(sql)}`,
      [
        newId('customer'),
        values.externalId,
        values.name,
        values.email,
        values.country,
        values.currency,
        values.timezone,
        values.netPaymentTerms,
        JSON.stringify(values.metadata),
        row.testClockId,
        now,
        now,
      ],
      transaction,
    ),
  );
  return toRecord(inserted);
}

export async function findCustomer(sql: CustomerSql, id: CustomerId): Promise<CustomerRecord | undefined> {
  const row = await sql.one<CustomerRow>(
    `select ${columnsOf(sql)} from ${sql.table('customers')} where id = ? and deleted_at is null`,
    [id],
  );
  return row === undefined ? undefined : toRecord(row);
}

/** The live customer with this externalId (unique among live customers); undefined when none is. */
export async function findCustomerByExternalId(
  sql: CustomerSql,
  externalId: string,
): Promise<CustomerRecord | undefined> {
  const row = await sql.one<CustomerRow>(
    `select ${columnsOf(sql)} from ${sql.table('customers')} where external_id = ? and deleted_at is null`,
    [externalId],
  );
  return row === undefined ? undefined : toRecord(row);
}

/** A page of live customers, newest first (ids are monotonic ULIDs, so they break ties in creation order). */
export async function listCustomers(
  sql: CustomerSql,
  filter: CustomerFilter,
  window: { limit: number; offset: number },
): Promise<{ records: CustomerRecord[]; total: number }> {
  const { where, params } = whereOf(filter);
  const table = sql.table('customers');
  const [rows, totals] = await Promise.all([
    sql.query<CustomerRow>(
      `select ${columnsOf(sql)} from ${table} where ${where} order by created_at desc, id desc limit ? offset ?`,
      [...params, window.limit, window.offset],
    ),
    sql.query<{ total: string }>(`select count(*) as total from ${table} where ${where}`, params),
  ]);
  return { records: rows.map(toRecord), total: Number(totals[0]?.total ?? 0) };
}

/** What updating a customer asks of the later areas (their ports) when the change names a currency. */
export interface CustomerUpdateRequest {
  id: CustomerId;
  changes: CustomerChanges;
  now: Date;
  subscriptions: CustomerSubscriptions;
  wallets: CustomerWallets;
}

const currencyLocked = (id: string, currency: string): AppError =>
  conflict(
    'customer_currency_locked',
    `Customer ${id} is billed in ${currency} by a live subscription or an active wallet; its currency cannot change`,
  );

/**
 * Applies the given changes to a live customer; undefined when it is unknown or deleted. A new currency is refused
 * (409 `customer_currency_locked`) while a live subscription or an ACTIVE wallet bills the customer in the old one:
 * both are in the customer's currency by rule, and what they bill would no longer be. The check and the update share
 * one transaction holding the customer row `for update`, which creating a subscription or a wallet waits for.
 */
export async function updateCustomer(
  sql: TenantSql,
  update: CustomerUpdateRequest,
): Promise<CustomerRecord | undefined> {
  if (update.changes.currency === undefined) return writeCustomerChanges(sql, update);
  return sql.transactional(async (transaction) => {
    const locked = await sql.one<{ currency: string }>(
      `select currency from ${sql.table('customers')} where id = ? and deleted_at is null for update`,
      [update.id],
      transaction,
    );
    if (locked === undefined) return undefined;
    if (locked.currency !== update.changes.currency && (await currencyInUse(sql, update, transaction))) {
      throw currencyLocked(update.id, locked.currency);
    }
    return writeCustomerChanges(sql, update, transaction);
  });
}

async function currencyInUse(sql: TenantSql, update: CustomerUpdateRequest, transaction: SqlTransaction) {
  return (
    (await update.subscriptions.hasLiveSubscriptions(sql, update.id, transaction)) ||
    (await update.wallets.hasActiveWallet(sql, update.id, transaction))
  );
}

async function writeCustomerChanges(
  sql: CustomerSql,
  update: { id: CustomerId; changes: CustomerChanges; now: Date },
  transaction?: SqlTransaction,
): Promise<CustomerRecord | undefined> {
  const { id, changes } = update;
  const assignments: string[] = ['updated_at = ?'];
  const params: SqlParam[] = [update.now];
  for (const [key, column] of Object.entries(SETTABLE_COLUMNS) as [keyof CustomerValues, string][]) {
    if (!(key in changes)) continue;
    const value = changes[key];
    assignments.push(key === 'metadata' ? `${column} = ?::jsonb` : `${column} = ?`);
    if (key === 'metadata') params.push(JSON.stringify(value));
    else if (typeof value !== 'object' || value === null) params.push(value ?? null);
    else throw new Error(`customer ${key} is not a scalar`);
  }
  const row = await translateUniqueViolation(changes.externalId ?? '', () =>
    sql.one<CustomerRow>(
      `update ${sql.table('customers')} set ${assignments.join(', ')}
        where id = ? and deleted_at is null
        returning ${columnsOf(sql)}`,
      [...params, id],
      transaction,
    ),
  );
  return row === undefined ? undefined : toRecord(row);
}

export type CustomerDeletion =
  | { ok: true; value: CustomerRecord; terminatedWalletIds: string[] }
  | { ok: false; error: 'customer_not_found' | 'customer_has_active_subscriptions' };

/** What deleting a customer asks of the later areas (their ports), and when. */
export interface CustomerDeletionRequest {
  id: CustomerId;
  now: Date;
  subscriptions: CustomerSubscriptions;
  wallets: CustomerWallets;
}

/**
 * Soft delete: the row stays (invoices and payments point at it) and its externalId is free again. Refused while the
 * customer has a live subscription (asked of `subscriptions`, billing's port). The check and the update share one
 * transaction that holds the customer row `for update`: creating a subscription or a wallet locks the row `for share`,
 * so they cannot interleave. The customer's ACTIVE wallet is terminated in the same transaction (billing's `wallets`
 * port), which records the wake its workflow is owed (sent after the commit). `sql` is the whole tenant's: the
 * ports write their own tables in this transaction.
 */
export async function softDeleteCustomer(sql: TenantSql, request: CustomerDeletionRequest): Promise<CustomerDeletion> {
  const { id } = request;
  return sql.transactional(async (transaction) => {
    const locked = await sql.query<{ id: string }>(
      `select id from ${sql.table('customers')} where id = ? and deleted_at is null for update`,
      [id],
      transaction,
    );
    if (locked.length === 0) return { ok: false, error: 'customer_not_found' };
    if (await request.subscriptions.hasLiveSubscriptions(sql, id, transaction))
      return { ok: false, error: 'customer_has_active_subscriptions' };
    const terminatedWalletIds = await request.wallets.terminateCustomerWallets(sql, {
      customerId: id,
      transaction,
      now: request.now,
    });
    const row = await sql.oneOrFail<CustomerRow>(
      `update ${sql.table('customers')} set deleted_at = ?, updated_at = ?
        where id = ?
        returning ${columnsOf(sql)}`,
      [request.now, request.now, id],
      transaction,
    );
    const deleted = toRecord(row);
    // Its clock counts it no longer: the place is free for another customer.
    if (deleted.testClockId !== null) await detachCustomerFromClock(sql, transaction, deleted.testClockId);
    return { ok: true, value: deleted, terminatedWalletIds };
  });
}

/** `\`, `%` and `_` are literal in a search: escaped for `like ... escape '\'`. */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

function whereOf(filter: CustomerFilter): { where: string; params: SqlParam[] } {
  const conditions = ['deleted_at is null'];
  const params: SqlParam[] = [];
  if (filter.search !== undefined && filter.search !== '') {
    conditions.push(`(name ilike ? escape '\\' or email ilike ? escape '\\' or external_id ilike ? escape '\\')`);
    const pattern = `%${escapeLikePattern(filter.search)}%`;
    params.push(pattern, pattern, pattern);
  }
  if (filter.country !== undefined) {
    conditions.push('country = ?');
    params.push(filter.country);
  }
  if (filter.currency !== undefined) {
    conditions.push('currency = ?');
    params.push(filter.currency);
  }
  if (filter.testClockId !== undefined) {
    conditions.push('test_clock_id = ?');
    params.push(filter.testClockId);
  }
  return { where: conditions.join(' and '), params };
}

async function translateUniqueViolation<T>(externalId: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error, EXTERNAL_ID_UNIQUE_INDEX)) throw externalIdTaken(externalId);
    throw error;
  }
}

function toRecord(row: CustomerRow): CustomerRecord {
  const metadata = typeof row.metadata === 'string' ? (JSON.parse(row.metadata) as unknown) : row.metadata;
  return {
    id: requireId('customer', row.id),
    externalId: row.external_id,
    name: row.name,
    email: row.email,
    country: row.country,
    currency: row.currency,
    timezone: row.timezone,
    netPaymentTerms: row.net_payment_terms,
    metadata: (typeof metadata === 'object' && metadata !== null ? metadata : {}) as Record<string, string>,
    testClockId: row.test_clock_id,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}
