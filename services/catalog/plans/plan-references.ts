import type { SqlTransaction } from '../../../infra/db/sql';
import type { TenantSql } from '../../../infra/db/tenant-sql';
import type { BillingInterval, BillingTiming } from '../../../domain/periods';

/** The plan tables, all these reads name. */
type PlanTables = TenantSql<'plans' | 'plan_prices'>;

/** Whether the tenant has the plan. */
export async function planExists(sql: TenantSql<'plans'>, planId: string): Promise<boolean> {
  const row = await sql.one<{ found: boolean }>(
    `select exists (select 1 from ${sql.table('plans')} where id = ?) as found`,
    [planId],
  );
  return row?.found === true;
}

/** The first of `planIds` the tenant has no plan of, in their order; undefined when it has them all. */
export async function findMissingPlan(
  sql: TenantSql<'plans'>,
  planIds: readonly string[],
  transaction: SqlTransaction,
): Promise<string | undefined> {
  if (planIds.length === 0) return undefined;
  const rows = await sql.query<{ id: string }>(
    `select id from ${sql.table('plans')} where id in (${planIds.map(() => '?').join(', ')})`,
    planIds,
    transaction,
  );
  const found = new Set(rows.map((row) => row.id));
  return planIds.find((planId) => !found.has(planId));
}

/** What a new subscription takes from its plan, and whether the plan has a price in the subscription's currency. */
export interface PlanForSubscription {
  billingInterval: BillingInterval;
  trialDays: number;
  isActive: boolean;
  /**
   * Whether a subscription in the currency can be billed: the plan has a price in it, or no price at all (a
   * usage-only plan, billed for its charges alone). False for an inactive plan too: its prices are not looked at.
   */
  priced: boolean;
}

/**
 * The plan a subscription is being created on, share-locked until the transaction ends (and its price in
 * `currency`, when the plan is active), so neither can be deleted before the subscription is in. Undefined for an
 * unknown plan.
 */
export async function lockPlanForSubscription(
  sql: PlanTables,
  request: { planId: string; currency: string; transaction: SqlTransaction },
): Promise<PlanForSubscription | undefined> {
  const { planId, currency, transaction } = request;
  const plan = await sql.one<{ billing_interval: BillingInterval; trial_days: number; is_active: boolean }>(
    `select billing_interval, trial_days, is_active from ${sql.table('plans')} where id = ? for share`,
    [planId],
    transaction,
  );
  if (plan === undefined) return undefined;
  const terms = { billingInterval: plan.billing_interval, trialDays: plan.trial_days, isActive: plan.is_active };
  if (!plan.is_active) return { ...terms, priced: false };
  // Every price of the plan, share-locked: one in the currency must stay, and a usage-only plan must not gain one in
  // another currency (which would make it a priced plan without this one) before the subscription is in.
  const prices = await sql.query<{ currency: string }>(
    `select currency from ${sql.table('plan_prices')} where plan_id = ? for share`,
    [planId],
    transaction,
  );
  return { ...terms, priced: prices.length === 0 || prices.some((price) => price.currency === currency) };
}

/** A plan as a subscription bills it: its price in one currency. */
export interface PlanPriceTerms {
  planId: string;
  name: string;
  amountMinor: bigint;
  billingInterval: BillingInterval;
  billingTiming: BillingTiming;
}

/**
 * The plan with its price in `currency`; undefined when the plan is missing or has prices but none in `currency`. A
 * plan without any price (usage-only) bills a fee of 0, which makes no invoice line: only its charges are billed.
 */
export async function findPlanPriceTerms(
  sql: PlanTables,
  request: { planId: string; currency: string; transaction?: SqlTransaction },
): Promise<PlanPriceTerms | undefined> {
  const row = await sql.one<{
    id: string;
    name: string;
    billing_interval: BillingInterval;
    billing_timing: BillingTiming;
    amount_minor: string | null;
    priced: boolean;
  }>(
    `select p.id, p.name, p.billing_interval, p.billing_timing, pp.amount_minor,
            exists (select 1 from ${sql.table('plan_prices')} any_price where any_price.plan_id = p.id) as priced
       from ${sql.table('plans')} p left join ${sql.table('plan_prices')} pp on pp.plan_id = p.id and pp.currency = ?
      where p.id = ?`,
    [request.currency, request.planId],
    request.transaction,
  );
  if (row === undefined || (row.amount_minor === null && row.priced)) return undefined;
  return {
    planId: row.id,
    name: row.name,
    amountMinor: BigInt(row.amount_minor ?? 0),
    billingInterval: row.billing_interval,
    billingTiming: row.billing_timing,
  };
}

/** The plan's terms for its invoices (null where the plan leaves them to the customer or the tenant). */
export interface PlanInvoiceTerms {
  netPaymentTerms: number | null;
  invoiceGracePeriodDays: number | null;
}

export async function findPlanInvoiceTerms(
  sql: TenantSql<'plans'>,
  planId: string,
  transaction?: SqlTransaction,
): Promise<PlanInvoiceTerms | undefined> {
  const row = await sql.one<{ net_payment_terms: number | null; invoice_grace_period_days: number | null }>(
    `select net_payment_terms, invoice_grace_period_days from ${sql.table('plans')} where id = ?`,
    [planId],
    transaction,
  );
  return row === undefined
    ? undefined
    : { netPaymentTerms: row.net_payment_terms, invoiceGracePeriodDays: row.invoice_grace_period_days };
}
