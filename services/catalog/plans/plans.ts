import type { Money } from '../../../domain/money';
import type { BillingInterval, BillingTiming } from '../../../domain/periods';
import { isUniqueViolation } from '../../../infra/db/postgres-errors';
import type { SqlTransaction } from '../../../infra/db/sql';
import { newId } from '../../../infra/ids';
import {
  PLAN_COLUMNS,
  PRICE_COLUMNS,
  toPlanRecord,
  toPriceRecord,
  type PlanOutcome,
  type PlanPriceRow,
  type PlanRecord,
  type PlanRow,
  type PlanSql,
} from './plan-records';
import type { PlanSubscriptions } from './subscription-port';

/** What may change on a plan; `code` and `billingInterval` never do (subscriptions' periods depend on them). */
export interface PlanChange {
  name?: string;
  description?: string | null;
  billingTiming?: BillingTiming;
  trialDays?: number;
  netPaymentTerms?: number | null;
  invoiceGracePeriodDays?: number | null;
  features?: string[];
  isActive?: boolean;
}

/** A new plan, defaults already applied; prices in distinct currencies. */
export interface NewPlan extends Required<Omit<PlanChange, 'description'>> {
  code: string;
  billingInterval: BillingInterval;
  description: string | null;
  prices: Money[];
}

const CHANGE_COLUMNS: Readonly<Record<keyof PlanChange, string>> = {
  name: 'name = ?',
  description: 'description = ?',
  billingTiming: 'billing_timing = ?',
  trialDays: 'trial_days = ?',
  netPaymentTerms: 'net_payment_terms = ?',
  invoiceGracePeriodDays: 'invoice_grace_period_days = ?',
  features: 'features = ?::jsonb',
  isActive: 'is_active = ?',
};

/** Inserts the plan and its prices in one transaction; a code already used in the tenant is `plan_code_taken`. */
export async function createPlan(sql: PlanSql, plan: NewPlan): Promise<PlanOutcome<PlanRecord>> {
  const planId = newId('plan');
  try {
    const record = await sql.transactional(async (transaction) => {
      const row = await sql.oneOrFail<PlanRow>(
        `insert into ${sql.table('plans')} (id, name, code, description, billing_interval, billing_timing, trial_days,
           net_payment_terms, invoice_grace_period_days, features, is_active)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?) returning ${PLAN_COLUMNS}`,
        [
          planId,
          plan.name,
          plan.code,
          plan.description,
          plan.billingInterval,
          plan.billingTiming,
          plan.trialDays,
          plan.netPaymentTerms,
          plan.invoiceGracePeriodDays,
          JSON.stringify(plan.features),
          plan.isActive,
        ],
        transaction,
      );
      const prices: PlanPriceRow[] = [];
      for (const price of plan.prices) prices.push(await insertPrice(sql, { planId, price, transaction }));
      return toPlanRecord(row, prices.map(toPriceRecord));
    });
    return { ok: true, value: record };
  } catch (error) {
    if (isUniqueViolation(error, 'plans_code_unique')) return { ok: false, error: 'plan_code_taken' };
    throw error;
  }
}

export async function insertPrice(
  sql: PlanSql,
  options: { planId: string; price: Money; transaction?: SqlTransaction },
): Promise<PlanPriceRow> {
  const row = await sql.oneOrFail<PlanPriceRow>(
    `insert into ${sql.table('plan_prices')} (id, plan_id, currency, amount_minor)
     values (?, ?, ?, ?::bigint) returning ${PRICE_COLUMNS}`,
    [newId('planPrice'), options.planId, options.price.currency, options.price.amount.toString()],
    options.transaction,
  );
  return row;
}

/** A page of the tenant's plans, newest first, each with its prices; `isActive` filters when given. */
export async function listPlans(
  sql: PlanSql,
  options: { limit: number; offset: number; isActive?: boolean },
): Promise<{ records: PlanRecord[]; total: number }> {
  const where = options.isActive === undefined ? '' : 'where is_active = ?';
  const filter = options.isActive === undefined ? [] : [options.isActive];
  const [rows, totals] = await Promise.all([
    sql.query<PlanRow>(
      `select ${PLAN_COLUMNS} from ${sql.table('plans')} ${where}
        order by created_at desc, id desc limit ? offset ?`,
      [...filter, options.limit, options.offset],
    ),
    sql.query<{ total: string }>(`select count(*) as total from ${sql.table('plans')} ${where}`, filter),
  ]);
  const prices = await pricesOf(
    sql,
    rows.map((row) => row.id),
  );
  return { records: rows.map((row) => toPlanRecord(row, prices)), total: Number(totals[0]?.total ?? 0) };
}

export async function findPlan(sql: PlanSql, planId: string): Promise<PlanRecord | undefined> {
  const row = await sql.one<PlanRow>(`select ${PLAN_COLUMNS} from ${sql.table('plans')} where id = ?`, [planId]);
  return row === undefined ? undefined : toPlanRecord(row, await pricesOf(sql, [row.id]));
}

export async function updatePlan(sql: PlanSql, planId: string, change: PlanChange): Promise<PlanRecord | undefined> {
  const keys = (Object.keys(CHANGE_COLUMNS) as (keyof PlanChange)[]).filter((key) => change[key] !== undefined);
  const assignments = [...keys.map((key) => CHANGE_COLUMNS[key]), 'updated_at = now()'];
  const values = keys.map((key) => (key === 'features' ? JSON.stringify(change.features) : (change[key] ?? null)));
  const row = await sql.one<PlanRow>(
    `update ${sql.table('plans')} set ${assignments.join(', ')} where id = ? returning ${PLAN_COLUMNS}`,
    [...values, planId],
  );
  return row === undefined ? undefined : toPlanRecord(row, await pricesOf(sql, [row.id]));
}

/**
 * Hard delete: the plan and (by cascade) its prices go, unless a subscription is on it (`plan_has_subscriptions`,
 * asked of `subscriptions`, billing's port). The plan row is locked first so a subscription cannot be created on it
 * between the check and the delete.
 */
export async function deletePlan(
  sql: PlanSql,
  planId: string,
  subscriptions: PlanSubscriptions,
): Promise<PlanOutcome<PlanRecord>> {
  return sql.transactional(async (transaction): Promise<PlanOutcome<PlanRecord>> => {
    const row = await sql.one<PlanRow>(
      `select ${PLAN_COLUMNS} from ${sql.table('plans')} where id = ? for update`,
      [planId],
      transaction,
    );
    if (row === undefined) return { ok: false, error: 'plan_not_found' };
    if (await subscriptions.planHasSubscriptions(sql, { planId, transaction }))
      return { ok: false, error: 'plan_has_subscriptions' };
    const prices = await pricesOf(sql, [planId], transaction);
    await sql.query(`delete from ${sql.table('plans')} where id = ?`, [planId], transaction);
    return { ok: true, value: toPlanRecord(row, prices) };
  });
}

async function pricesOf(sql: PlanSql, planIds: string[], transaction?: SqlTransaction) {
  if (planIds.length === 0) return [];
  const rows = await sql.query<PlanPriceRow>(
    `select ${PRICE_COLUMNS} from ${sql.table('plan_prices')}
      where plan_id in (${planIds.map(() => '?').join(', ')}) order by created_at, id`,
    planIds,
    transaction,
  );
  return rows.map(toPriceRecord);
}
