import type { AppliedAddOnStatus } from '../../../domain/add-ons';
import { type CurrencyCode, type Money } from '../../../domain/money';
import type { SqlTransaction } from '../../../infra/db/sql';
import { newId } from '../../../infra/ids';
import {
  toAppliedAddOnRecord,
  type AddOnOutcome,
  type AddOnSql,
  type AppliedAddOnRecord,
  type AppliedAddOnRow,
} from './add-on-records';
import { findAddOn } from './add-ons';
import { findLiveCustomerCurrency } from '../customers';
import type { SqlParam } from '../../../infra/db/sql';

export interface AddOnApplication {
  addOn: { id: string } | { code: string };
  customerId: string;
  quantity: number;
  /**
   * The explicit amount read in the customer's currency (it may throw the caller's validation error), or undefined
   * to charge the add-on's price in that currency.
   */
  readAmount: (customerCurrency: CurrencyCode) => Money | undefined;
  /** The customer's business time (its test clock's for a customer on one): the applied add-on's `createdAt`. */
  now: Date;
}

export interface AppliedAddOnFilter {
  limit: number;
  offset: number;
  customerId?: string;
  status?: AppliedAddOnStatus;
}

const APPLIED_COLUMNS = `applied.id, applied.add_on_id, add_on.code as add_on_code, applied.customer_id,
  applied.currency, applied.amount_minor, applied.quantity, applied.status, applied.created_at, applied.invoiced_at,
  applied.removed_at`;

const appliedFrom = (sql: AddOnSql) =>
  `${sql.table('applied_add_ons')} applied join ${sql.table('add_ons')} add_on on add_on.id = applied.add_on_id`;

/**
 * Applies an add-on to a live customer, billed in the customer's currency. The add-on row is share-locked so it
 * cannot be deleted until the applied add-on is in (the delete refuses while one is PENDING).
 */
export async function applyAddOn(
  sql: AddOnSql,
  application: AddOnApplication,
): Promise<AddOnOutcome<AppliedAddOnRecord>> {
  return sql.transactional(async (transaction): Promise<AddOnOutcome<AppliedAddOnRecord>> => {
    const addOn = await findAddOn(sql, application.addOn, transaction);
    if (addOn === undefined) return { ok: false, error: 'add_on_not_found' };
    const currency = await findLiveCustomerCurrency(sql, { id: application.customerId, transaction, forShare: true });
    if (currency === undefined) return { ok: false, error: 'customer_not_found' };
    const amount = application.readAmount(currency) ?? addOn.prices.find((price) => price.currency === currency);
    if (amount === undefined) return { ok: false, error: 'add_on_price_missing' };
    const id = newId('appliedAddOn');
    await sql.query(
      `insert into ${sql.table('applied_add_ons')} (id, add_on_id, customer_id, currency, amount_minor, quantity,
         created_at)
       values (?, ?, ?, ?, ?::bigint, ?, ?)`,
      [id, addOn.id, application.customerId, currency, amount.amount.toString(), application.quantity, application.now],
      transaction,
    );
    return { ok: true, value: await requireApplied(sql, id, transaction) };
  });
}

/** A page of the tenant's applied add-ons (every status unless filtered), newest first. */
export async function listAppliedAddOns(
  sql: AddOnSql,
  filter: AppliedAddOnFilter,
): Promise<{ records: AppliedAddOnRecord[]; total: number }> {
  const conditions: string[] = [];
  const values: SqlParam[] = [];
  if (filter.customerId !== undefined) {
    conditions.push('applied.customer_id = ?');
    values.push(filter.customerId);
  }
  if (filter.status !== undefined) {
    conditions.push('applied.status = ?');
    values.push(filter.status);
  }
  const where = conditions.length === 0 ? '' : `where ${conditions.join(' and ')}`;
  const [rows, totals] = await Promise.all([
    sql.query<AppliedAddOnRow>(
      `select ${APPLIED_COLUMNS} from ${appliedFrom(sql)} ${where}
        order by applied.created_at desc, applied.id desc limit ? offset ?`,
      [...values, filter.limit, filter.offset],
    ),
    sql.query<{ total: string }>(
      `select count(*) as total from ${sql.table('applied_add_ons')} applied ${where}`,
      values,
    ),
  ]);
  return { records: rows.map(toAppliedAddOnRecord), total: Number(totals[0]?.total ?? 0) };
}

/**
 * Marks a PENDING applied add-on REMOVED (it stays listed, so it is never billed and the history remains). An
 * INVOICED one is `applied_add_on_invoiced` (credit the invoice instead); removing twice is `applied_add_on_removed`.
 */
export async function removeAppliedAddOn(
  sql: AddOnSql,
  removal: { appliedAddOnId: string; now: Date },
): Promise<AddOnOutcome<AppliedAddOnRecord>> {
  const { appliedAddOnId } = removal;
  return sql.transactional(async (transaction): Promise<AddOnOutcome<AppliedAddOnRecord>> => {
    const row = await sql.one<{ status: AppliedAddOnStatus }>(
      `select status from ${sql.table('applied_add_ons')} where id = ? for update`,
      [appliedAddOnId],
      transaction,
    );
    if (row === undefined) return { ok: false, error: 'applied_add_on_not_found' };
    if (row.status === 'INVOICED') return { ok: false, error: 'applied_add_on_invoiced' };
    if (row.status === 'REMOVED') return { ok: false, error: 'applied_add_on_removed' };
    await sql.query(
      `update ${sql.table('applied_add_ons')} set status = 'REMOVED', removed_at = ? where id = ?`,
      [removal.now, appliedAddOnId],
      transaction,
    );
    return { ok: true, value: await requireApplied(sql, appliedAddOnId, transaction) };
  });
}

/** The applied add-on, or undefined when the tenant has none of that id. */
export async function findAppliedAddOn(sql: AddOnSql, id: string): Promise<AppliedAddOnRecord | undefined> {
  const row = await sql.one<AppliedAddOnRow>(
    `select ${APPLIED_COLUMNS} from ${appliedFrom(sql)} where applied.id = ?`,
    [id],
  );
  return row === undefined ? undefined : toAppliedAddOnRecord(row);
}

async function requireApplied(sql: AddOnSql, id: string, transaction: SqlTransaction): Promise<AppliedAddOnRecord> {
  const row = await sql.oneOrFail<AppliedAddOnRow>(
    `select ${APPLIED_COLUMNS} from ${appliedFrom(sql)} where applied.id = ?`,
    [id],
    transaction,
  );
  return toAppliedAddOnRecord(row);
}
