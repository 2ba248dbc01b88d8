import type { Money } from '../../../domain/money';
import { isUniqueViolation } from '../../../infra/db/postgres-errors';
import { requireMajorUnits } from '../../platform/input';
import {
  PRICE_COLUMNS,
  toPriceRecord,
  type PlanOutcome,
  type PlanPriceRecord,
  type PlanPriceRow,
  type PlanSql,
} from './plan-records';
import { insertPrice } from './plans';
import type { PlanSubscriptions } from './subscription-port';

/**
 * Adds a price to a plan; a second price in one currency is `plan_price_currency_taken` (unique index). A usage-only
 * plan (no price) with subscriptions takes none (`plan_usage_only_in_use`): its subscriptions may be in any currency,
 * and a priced plan bills only the currencies it has prices in.
 */
export async function addPlanPrice(
  sql: PlanSql,
  options: { planId: string; price: Money; subscriptions: PlanSubscriptions },
): Promise<PlanOutcome<PlanPriceRecord>> {
  try {
    return await sql.transactional(async (transaction): Promise<PlanOutcome<PlanPriceRecord>> => {
      // `for update`: the plan cannot be deleted until the price is in, and a subscription being created on it (which
      // share-locks the plan) either committed before this looks for subscriptions or waits and then sees the price.
      const plans = await sql.query<{ priced: boolean }>(
        `select exists (select 1 from ${sql.table('plan_prices')} where plan_id = p.id) as priced
           from ${sql.table('plans')} p where p.id = ? for update`,
        [options.planId],
        transaction,
      );
      const [plan] = plans;
      if (plan === undefined) return { ok: false, error: 'plan_not_found' };
      const { planId, subscriptions } = options;
      if (!plan.priced && (await subscriptions.planHasSubscriptions(sql, { planId, transaction }))) {
        return { ok: false, error: 'plan_usage_only_in_use' };
      }
      const price = { planId, price: options.price, transaction };
      return { ok: true, value: toPriceRecord(await insertPrice(sql, price)) };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'plan_prices_plan_currency_unique')) {
      return { ok: false, error: 'plan_price_currency_taken' };
    }
    throw error;
  }
}

/** The price when it belongs to the plan; another plan's (or tenant's) price is undefined. */
export async function findPlanPrice(
  sql: PlanSql,
  ids: { planId: string; priceId: string },
): Promise<PlanPriceRecord | undefined> {
  const row = await sql.one<PlanPriceRow>(
    `select ${PRICE_COLUMNS} from ${sql.table('plan_prices')} where id = ? and plan_id = ?`,
    [ids.priceId, ids.planId],
  );
  return row === undefined ? undefined : toPriceRecord(row);
}

/** Sets a price's amount; its currency never changes (add a price in the other currency instead). */
export async function updatePlanPriceAmount(
  sql: PlanSql,
  options: { planId: string; priceId: string; amount: Money },
): Promise<PlanPriceRecord | undefined> {
  const row = await sql.one<PlanPriceRow>(
    `update ${sql.table('plan_prices')} set amount_minor = ?::bigint, updated_at = now()
      where id = ? and plan_id = ? and currency = ? returning ${PRICE_COLUMNS}`,
    [options.amount.amount.toString(), options.priceId, options.planId, options.amount.currency],
  );
  return row === undefined ? undefined : toPriceRecord(row);
}

/**
 * PATCH of a price: `amount` in major units as the API takes it, read in the price's own currency (too many decimals
 * for it is a 400 naming `body.amount`).
 */
export async function changePlanPriceAmount(
  sql: PlanSql,
  change: { planId: string; priceId: string; amount: number },
): Promise<PlanOutcome<PlanPriceRecord>> {
  const ids = { planId: change.planId, priceId: change.priceId };
  const current = await findPlanPrice(sql, ids);
  if (current === undefined) return { ok: false, error: 'plan_price_not_found' };
  const amount = {
    amount: requireMajorUnits(change.amount, current.currency, 'body.amount'),
    currency: current.currency,
  };
  const updated = await updatePlanPriceAmount(sql, { ...ids, amount });
  return updated === undefined ? { ok: false, error: 'plan_price_not_found' } : { ok: true, value: updated };
}

/** Deletes a price unless a subscription of its plan bills in its currency (`plan_price_in_use`). */
export async function deletePlanPrice(
  sql: PlanSql,
  ids: { planId: string; priceId: string },
  subscriptions: PlanSubscriptions,
): Promise<PlanOutcome<PlanPriceRecord>> {
  return sql.transactional(async (transaction): Promise<PlanOutcome<PlanPriceRecord>> => {
    const row = await sql.one<PlanPriceRow>(
      `select ${PRICE_COLUMNS} from ${sql.table('plan_prices')} where id = ? and plan_id = ? for update`,
      [ids.priceId, ids.planId],
      transaction,
    );
    if (row === undefined) return { ok: false, error: 'plan_price_not_found' };
    if (await subscriptions.planHasSubscriptions(sql, { planId: ids.planId, currency: row.currency, transaction })) {
      return { ok: false, error: 'plan_price_in_use' };
    }
    await sql.query(`delete from ${sql.table('plan_prices')} where id = ?`, [ids.priceId], transaction);
    return { ok: true, value: toPriceRecord(row) };
  });
}
