import { toCurrencyCode, type CurrencyCode } from '../../../domain/money';
import type { BillingInterval, BillingTiming } from '../../../domain/periods';
import type { TenantSql } from '../../../infra/db/tenant-sql';

/** One price of a plan: an amount in the currency's minor units (CONTRACT §5). */
export interface PlanPriceRecord {
  id: string;
  planId: string;
  currency: CurrencyCode;
  amountMinor: bigint;
  createdAt: Date;
  updatedAt: Date;
}

export interface PlanRecord {
  id: string;
  name: string;
  code: string;
  description: string | null;
  billingInterval: BillingInterval;
  billingTiming: BillingTiming;
  trialDays: number;
  netPaymentTerms: number | null;
  invoiceGracePeriodDays: number | null;
  features: string[];
  isActive: boolean;
  prices: PlanPriceRecord[];
  createdAt: Date;
  updatedAt: Date;
}

/** Expected refusals of the plan catalog, as stable codes; `planError` says them as AppErrors. */
export type PlanFailure =
  | 'plan_not_found'
  | 'plan_code_taken'
  | 'plan_has_subscriptions'
  | 'plan_price_not_found'
  | 'plan_price_currency_taken'
  | 'plan_price_in_use'
  | 'plan_usage_only_in_use';

export type PlanOutcome<T> = { ok: true; value: T } | { ok: false; error: PlanFailure };

export interface PlanRow {
  id: string;
  name: string;
  code: string;
  description: string | null;
  billing_interval: BillingInterval;
  billing_timing: BillingTiming;
  trial_days: number;
  net_payment_terms: number | null;
  invoice_grace_period_days: number | null;
  features: unknown;
  is_active: boolean;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface PlanPriceRow {
  id: string;
  plan_id: string;
  currency: string;
  amount_minor: string | number | bigint;
  created_at: Date | string;
  updated_at: Date | string;
}

export const PLAN_COLUMNS =
  'id, name, code, description, billing_interval, billing_timing, trial_days, net_payment_terms, ' +
  'invoice_grace_period_days, features, is_active, created_at, updated_at';
export const PRICE_COLUMNS = 'id, plan_id, currency, amount_minor, created_at, updated_at';

export type PlanSql = TenantSql<'plans' | 'plan_prices' | 'subscriptions'>;

export function toPriceRecord(row: PlanPriceRow): PlanPriceRecord {
  return {
    id: row.id,
    planId: row.plan_id,
    currency: toCurrencyCode(row.currency),
    amountMinor: BigInt(row.amount_minor),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

export function toPlanRecord(row: PlanRow, prices: PlanPriceRecord[]): PlanRecord {
  const features = typeof row.features === 'string' ? (JSON.parse(row.features) as unknown) : row.features;
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    description: row.description,
    billingInterval: row.billing_interval,
    billingTiming: row.billing_timing,
    trialDays: row.trial_days,
    netPaymentTerms: row.net_payment_terms,
    invoiceGracePeriodDays: row.invoice_grace_period_days,
    features: Array.isArray(features) ? features.map(String) : [],
    isActive: row.is_active,
    prices: prices.filter((price) => price.planId === row.id),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}
