import { requireId, type CustomerId, type SubscriptionId } from '../../../domain/ids';
import { toCurrencyCode, type CurrencyCode } from '../../../domain/money';
import type { BillingErrorCode, SubscriptionStatus } from '../../../domain/subscriptions';
import type { SqlTransaction } from '../../../infra/db/sql';
import type { TenantSql } from '../../../infra/db/tenant-sql';

/**
 * A period whose invoice waits for a retry (`POST /subscriptions/:id/retry-billing`). Only the newest is kept: a
 * retry issues every waiting invoice, so the newest stands for all of them.
 */
export interface SubscriptionBillingError {
  code: BillingErrorCode;
  message: string;
  periodStart: Date;
  periodEnd: Date;
  occurredAt: Date;
}

/** A subscription row as the code sees it. The lifecycle columns are written by its workflow only. */
export interface SubscriptionRecord {
  id: SubscriptionId;
  customerId: CustomerId;
  planId: string;
  currency: CurrencyCode;
  status: SubscriptionStatus;
  externalId: string | null;
  metadata: Record<string, string>;
  startDate: Date;
  /** Fixes the anniversary calendar: the start, the trial end or the resume instant. */
  billingAnchor: Date;
  trialStart: Date | null;
  trialEnd: Date | null;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAt: Date | null;
  canceledAt: Date | null;
  pausedAt: Date | null;
  pendingPlanId: string | null;
  appliedCouponId: string | null;
  /** Null until the API (or the repair loop) has started the subscription's workflow. */
  workflowStartedAt: Date | null;
  /** Null unless a period's invoice could not be issued and waits for a retry. */
  billingError: SubscriptionBillingError | null;
  createdAt: Date;
  updatedAt: Date;
}

type Instant = Date | string;

export interface SubscriptionRow {
  id: string;
  customer_id: string;
  plan_id: string;
  currency: string;
  status: SubscriptionStatus;
  external_id: string | null;
  metadata: unknown;
  start_date: Instant;
  billing_anchor: Instant;
  trial_start: Instant | null;
  trial_end: Instant | null;
  current_period_start: Instant | null;
  current_period_end: Instant | null;
  cancel_at: Instant | null;
  canceled_at: Instant | null;
  paused_at: Instant | null;
  pending_plan_id: string | null;
  applied_coupon_id: string | null;
  workflow_started_at: Instant | null;
  billing_error: unknown;
  created_at: Instant;
  updated_at: Instant;
}

export const SUBSCRIPTION_COLUMNS =
  'id, customer_id, plan_id, currency, status, external_id, metadata, start_date, billing_anchor, trial_start, ' +
  'trial_end, current_period_start, current_period_end, cancel_at, canceled_at, paused_at, pending_plan_id, ' +
  'applied_coupon_id, workflow_started_at, billing_error, created_at, updated_at';

/** The tables the subscription stores read or write. */
export type SubscriptionTable =
  'subscriptions' | 'customers' | 'plans' | 'plan_prices' | 'coupons' | 'applied_coupons' | 'webhook_events';

export type SubscriptionSql = TenantSql<SubscriptionTable>;

const dateOrNull = (value: Instant | null): Date | null => (value === null ? null : new Date(value));

function metadataOf(value: unknown): Record<string, string> {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  if (parsed === null || typeof parsed !== 'object') return {};
  return Object.fromEntries(Object.entries(parsed).map(([key, text]) => [key, String(text)]));
}

/** The stored `billing_error` (JSON with ISO instants; the driver may hand jsonb over as text). */
function billingErrorOf(value: unknown): SubscriptionBillingError | null {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  if (parsed === null || typeof parsed !== 'object') return null;
  const stored = parsed as Record<keyof SubscriptionBillingError, string>;
  return {
    code: stored.code as BillingErrorCode,
    message: stored.message,
    periodStart: new Date(stored.periodStart),
    periodEnd: new Date(stored.periodEnd),
    occurredAt: new Date(stored.occurredAt),
  };
}

export function toSubscriptionRecord(row: SubscriptionRow): SubscriptionRecord {
  return {
    id: requireId('subscription', row.id),
    customerId: requireId('customer', row.customer_id),
    planId: row.plan_id,
    currency: toCurrencyCode(row.currency),
    status: row.status,
    externalId: row.external_id,
    metadata: metadataOf(row.metadata),
    startDate: new Date(row.start_date),
    billingAnchor: new Date(row.billing_anchor),
    trialStart: dateOrNull(row.trial_start),
    trialEnd: dateOrNull(row.trial_end),
    currentPeriodStart: dateOrNull(row.current_period_start),
    currentPeriodEnd: dateOrNull(row.current_period_end),
    cancelAt: dateOrNull(row.cancel_at),
    canceledAt: dateOrNull(row.canceled_at),
    pausedAt: dateOrNull(row.paused_at),
    pendingPlanId: row.pending_plan_id,
    appliedCouponId: row.applied_coupon_id,
    workflowStartedAt: dateOrNull(row.workflow_started_at),
    billingError: billingErrorOf(row.billing_error),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

/**
 * One subscription of the tenant whose SQL this is, undefined when unknown (or another tenant's); optionally inside a
 * transaction (`forUpdate` when the caller is about to write it).
 */
export async function findSubscription(
  sql: TenantSql<'subscriptions'>,
  id: string,
  options: { transaction?: SqlTransaction; forUpdate?: boolean } = {},
): Promise<SubscriptionRecord | undefined> {
  const lock = options.forUpdate === true ? ' for update' : '';
  const row = await sql.one<SubscriptionRow>(
    `select ${SUBSCRIPTION_COLUMNS} from ${sql.table('subscriptions')} where id = ?${lock}`,
    [id],
    options.transaction,
  );
  return row === undefined ? undefined : toSubscriptionRecord(row);
}
