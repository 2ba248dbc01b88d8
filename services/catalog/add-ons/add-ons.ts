import type { Money } from '../../../domain/money';
import { isUniqueViolation } from '../../../infra/db/postgres-errors';
import type { SqlTransaction } from '../../../infra/db/sql';
import { newId } from '../../../infra/ids';
import {
  ADD_ON_COLUMNS,
  toAddOnRecord,
  type AddOnOutcome,
  type AddOnPriceRow,
  type AddOnRecord,
  type AddOnRow,
  type AddOnSql,
  type AddOnType,
} from './add-on-records';

/** What may change on an add-on; `code` never does. `prices` replaces the whole list. */
export interface AddOnChange {
  name?: string;
  description?: string | null;
  type?: AddOnType;
  invoiceDisplayName?: string | null;
  prices?: Money[];
}

/** A new add-on, defaults applied; prices in distinct currencies. */
export interface NewAddOn {
  name: string;
  code: string;
  description: string | null;
  type: AddOnType;
  invoiceDisplayName: string | null;
  prices: Money[];
}

const CHANGE_COLUMNS: Readonly<Record<Exclude<keyof AddOnChange, 'prices'>, string>> = {
  name: 'name = ?',
  description: 'description = ?',
  type: 'type = ?',
  invoiceDisplayName: 'invoice_display_name = ?',
};

const LIVE = 'deleted_at is null';

/** Inserts the add-on and its prices in one transaction; a code used by a live add-on is `add_on_code_taken`. */
export async function createAddOn(sql: AddOnSql, addOn: NewAddOn): Promise<AddOnOutcome<AddOnRecord>> {
  try {
    const record = await sql.transactional(async (transaction) => {
      const row = await sql.oneOrFail<AddOnRow>(
        `insert into ${sql.table('add_ons')} (id, name, code, description, type, invoice_display_name)
         values (?, ?, ?, ?, ?, ?) returning ${ADD_ON_COLUMNS}`,
        [newId('addOn'), addOn.name, addOn.code, addOn.description, addOn.type, addOn.invoiceDisplayName],
        transaction,
      );
      return toAddOnRecord(row, await replacePrices(sql, { addOnId: row.id, prices: addOn.prices, transaction }));
    });
    return { ok: true, value: record };
  } catch (error) {
    if (isUniqueViolation(error, 'add_ons_code_unique')) return { ok: false, error: 'add_on_code_taken' };
    throw error;
  }
}

/** A page of the tenant's live add-ons, newest first, each with its prices. */
export async function listAddOns(
  sql: AddOnSql,
  options: { limit: number; offset: number },
): Promise<{ records: AddOnRecord[]; total: number }> {
  const [rows, totals] = await Promise.all([
    sql.query<AddOnRow>(
      `select ${ADD_ON_COLUMNS} from ${sql.table('add_ons')} where ${LIVE}
        order by created_at desc, id desc limit ? offset ?`,
      [options.limit, options.offset],
    ),
    sql.query<{ total: string }>(`select count(*) as total from ${sql.table('add_ons')} where ${LIVE}`),
  ]);
  const prices = await pricesOf(
    sql,
    rows.map((row) => row.id),
  );
  return { records: rows.map((row) => toAddOnRecord(row, prices)), total: Number(totals[0]?.total ?? 0) };
}

/** A live add-on by id or by code; a deleted one is undefined. */
export async function findAddOn(
  sql: AddOnSql,
  key: { id: string } | { code: string },
  transaction?: SqlTransaction,
): Promise<AddOnRecord | undefined> {
  const [column, value] = 'id' in key ? ['id', key.id] : ['code', key.code];
  const row = await sql.one<AddOnRow>(
    `select ${ADD_ON_COLUMNS} from ${sql.table('add_ons')} where ${column} = ? and ${LIVE}
      ${transaction === undefined ? '' : 'for share'}`,
    [value],
    transaction,
  );
  return row === undefined ? undefined : toAddOnRecord(row, await pricesOf(sql, [row.id], transaction));
}

/** Updates the given fields; `prices`, when given, replaces every price of the add-on in the same transaction. */
export async function updateAddOn(
  sql: AddOnSql,
  addOnId: string,
  change: AddOnChange,
): Promise<AddOnRecord | undefined> {
  const keys = (Object.keys(CHANGE_COLUMNS) as (keyof typeof CHANGE_COLUMNS)[]).filter(
    (key) => change[key] !== undefined,
  );
  const assignments = [...keys.map((key) => CHANGE_COLUMNS[key]), 'updated_at = now()'];
  return sql.transactional(async (transaction) => {
    const row = await sql.one<AddOnRow>(
      `update ${sql.table('add_ons')} set ${assignments.join(', ')} where id = ? and ${LIVE}
        returning ${ADD_ON_COLUMNS}`,
      [...keys.map((key) => change[key] ?? null), addOnId],
      transaction,
    );
    if (row === undefined) return undefined;
    const prices =
      change.prices === undefined
        ? await pricesOf(sql, [row.id], transaction)
        : await replacePrices(sql, { addOnId, prices: change.prices, transaction });
    return toAddOnRecord(row, prices);
  });
}

/**
 * Soft delete: the row stays for the applied add-ons that name it, its code is free again. Refused while a PENDING
 * applied add-on would still bill it (`add_on_in_use`); the row lock keeps a new one from being applied meanwhile.
 */
export async function deleteAddOn(sql: AddOnSql, addOnId: string): Promise<AddOnOutcome<AddOnRecord>> {
  return sql.transactional(async (transaction): Promise<AddOnOutcome<AddOnRecord>> => {
    const row = await sql.one<AddOnRow>(
      `select ${ADD_ON_COLUMNS} from ${sql.table('add_ons')} where id = ? and ${LIVE} for update`,
      [addOnId],
      transaction,
    );
    if (row === undefined) return { ok: false, error: 'add_on_not_found' };
    const pending = await sql.query(
      `select 1 from ${sql.table('applied_add_ons')} where add_on_id = ? and status = 'PENDING' limit 1`,
      [addOnId],
      transaction,
    );
    if (pending.length > 0) return { ok: false, error: 'add_on_in_use' };
    await sql.query(`update ${sql.table('add_ons')} set deleted_at = now() where id = ?`, [addOnId], transaction);
    return { ok: true, value: toAddOnRecord(row, await pricesOf(sql, [addOnId], transaction)) };
  });
}

async function replacePrices(
  sql: AddOnSql,
  options: { addOnId: string; prices: Money[]; transaction: SqlTransaction },
): Promise<AddOnPriceRow[]> {
  const { addOnId, transaction } = options;
  await sql.query(`delete from ${sql.table('add_on_prices')} where add_on_id = ?`, [addOnId], transaction);
  for (const [position, price] of options.prices.entries()) {
    await sql.query(
      `insert into ${sql.table('add_on_prices')} (add_on_id, currency, amount_minor, position)
       values (?, ?, ?::bigint, ?)`,
      [addOnId, price.currency, price.amount.toString(), position],
      transaction,
    );
  }
  return pricesOf(sql, [addOnId], transaction);
}

async function pricesOf(sql: AddOnSql, addOnIds: string[], transaction?: SqlTransaction): Promise<AddOnPriceRow[]> {
  if (addOnIds.length === 0) return [];
  return sql.query<AddOnPriceRow>(
    `select add_on_id, currency, amount_minor from ${sql.table('add_on_prices')}
      where add_on_id in (${addOnIds.map(() => '?').join(', ')}) order by add_on_id, position`,
    addOnIds,
    transaction,
  );
}
