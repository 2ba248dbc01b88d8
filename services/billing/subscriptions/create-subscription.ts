import { requireId } from '../../../domain/ids';
import type { CurrencyCode } from '../../../domain/money';
import type { BillingInterval } from '../../../domain/periods';
import { applyCoupon, terminateAppliedCoupon } from '../../catalog/coupons';
import type { SqlTransaction } from '../../../infra/db/sql';
import { isUniqueViolation } from '../../../infra/db/postgres-errors';
import { newId } from '../../../infra/ids';
import { findLiveCustomerCurrency, recordCustomerEvent } from '../../catalog/customers';
import { lockPlanForSubscription } from '../../catalog/plans';
import { readBillingTimeZone } from './billing-time-zone';
import { startingState, type InitialState } from '../../../domain/subscriptions';
import { recordPendingStart } from './pending-starts';
import { recordSubscriptionChange } from './subscription-changes';
import {
  SUBSCRIPTION_COLUMNS,
  toSubscriptionRecord,
  type SubscriptionRecord,
  type SubscriptionRow,
  type SubscriptionSql,
  type SubscriptionTable,
} from './subscription-records';
import type { TenantSql } from '../../../infra/db/tenant-sql';
import { TransactionRefusal } from '../../platform/errors';
import { refused, type SubscriptionFailure, type SubscriptionOutcome } from './subscription-outcome';
import { subscriptionView } from './subscription-view';
import { onCustomerClock } from './subscription-clock';

/** A create request, validated and normalised by the API (currency upper case, coupon code upper case). */
export interface NewSubscription {
  customerId: string;
  planId: string;
  currency: CurrencyCode;
  /** The plan's when omitted. */
  trialDays?: number;
  /** `now` when omitted; never in the future, and not so far back that the first period is already over. */
  startDate?: Date;
  externalId: string | null;
  metadata: Record<string, string>;
  couponCode?: string;
  now: Date;
}

interface Terms {
  customerCurrency: string;
  timeZone: string;
  interval: BillingInterval;
  planTrialDays: number;
}

/** The coupon applied on the way, to take back if the subscription does not commit. */
interface AppliedCoupon {
  id: string | undefined;
  /** The customer's business time it was applied at, and is taken back at. */
  now: Date | undefined;
}

const EXTERNAL_ID_INDEX = 'subscriptions_external_id_unique';

/** A creation reads the customer's test clock too. */
export type CreationSql = TenantSql<SubscriptionTable | 'test_clocks'>;

/**
 * Stores a new subscription, its entry in the index of pending workflow starts and its `subscription.created` event
 * in one transaction; the caller starts its workflow afterwards. The customer, plan and price rows are locked `for share` until commit, so a concurrent delete of any
 * of them (each locks its row `for update`, then looks for subscriptions) waits and then sees this one.
 */
export async function createSubscription(
  sql: CreationSql,
  requested: NewSubscription,
): Promise<SubscriptionOutcome<SubscriptionRecord>> {
  const applied: AppliedCoupon = { id: undefined, now: undefined };
  try {
    return await sql.transactional(async (transaction) => {
      const terms = await lockTerms(sql, requested, transaction);
      if (!terms.ok) return terms;
      const timed = await onCustomerClock(sql, requested, transaction);
      if (!timed.ok) return timed;
      const request = timed.value;
      const state = startingStateOf(request, terms.value);
      if (!state.ok) return state;
      const row = await insertRow(sql, { request, state: state.value, transaction });
      await recordPendingStart(sql, transaction, row.id);
      const record = await withCoupon({ sql, request, row, transaction, applied });
      await recordSubscriptionChange(sql, transaction, { record, effectiveAt: record.startDate });
      await recordCustomerEvent(sql, transaction, {
        type: 'subscription.created',
        customerId: record.customerId,
        data: subscriptionView(record),
        occurredAt: record.createdAt,
      });
      return { ok: true, value: record };
    });
  } catch (error) {
    if (applied.id !== undefined && applied.now !== undefined) {
      await terminateAppliedCoupon(sql, { appliedCouponId: applied.id, now: applied.now });
    }
    if (error instanceof TransactionRefusal) return refused(error.failure as SubscriptionFailure);
    if (!isUniqueViolation(error, EXTERNAL_ID_INDEX)) throw error;
    return refused({ code: 'subscription_external_id_taken', externalId: requested.externalId ?? '' });
  }
}

async function lockTerms(
  sql: SubscriptionSql,
  request: NewSubscription,
  transaction: SqlTransaction,
): Promise<SubscriptionOutcome<Terms>> {
  const customerCurrency = await findLiveCustomerCurrency(sql, { id: request.customerId, transaction, forShare: true });
  if (customerCurrency === undefined) return refused({ code: 'customer_not_found' });
  const { planId, currency } = request;
  const plan = await lockPlanForSubscription(sql, { planId, currency, transaction });
  if (plan === undefined) return refused({ code: 'plan_not_found', planId });
  if (!plan.isActive) return refused({ code: 'plan_inactive', planId });
  if (!plan.priced) return refused({ code: 'plan_price_not_found', planId, currency });
  if (customerCurrency !== currency) {
    return refused({ code: 'currency_mismatch', currency, customerCurrency });
  }
  const customerId = requireId('customer', request.customerId);
  const timeZone = await readBillingTimeZone(sql, customerId, transaction);
  return {
    ok: true,
    value: { customerCurrency, timeZone, interval: plan.billingInterval, planTrialDays: plan.trialDays },
  };
}

function startingStateOf(request: NewSubscription, terms: Terms): SubscriptionOutcome<InitialState> {
  const started = startingState({
    start: request.startDate,
    now: request.now,
    trialDays: request.trialDays ?? terms.planTrialDays,
    interval: terms.interval,
    timeZone: terms.timeZone,
  });
  return started.ok ? started : refused(started.refusal);
}

async function insertRow(
  sql: SubscriptionSql,
  options: { request: NewSubscription & { createdAt?: Date }; state: InitialState; transaction: SqlTransaction },
): Promise<SubscriptionRow> {
  const { request, state } = options;
  const createdAt = request.createdAt ?? null;
  const row = await sql.oneOrFail<SubscriptionRow>(
    `insert into ${sql.table('subscriptions')}
       (id, customer_id, plan_id, currency, status, external_id, metadata, start_date, billing_anchor, trial_start,
        trial_end, current_period_start, current_period_end, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?, ?, coalesce(?::timestamptz, now()), coalesce(?::timestamptz, now()))
     returning ${SUBSCRIPTION_COLUMNS}`,
    [
      newId('subscription'),
      request.customerId,
      request.planId,
      request.currency,
      state.status,
      request.externalId,
      JSON.stringify(request.metadata),
      request.startDate ?? request.now,
      state.billingAnchor,
      state.trialStart,
      state.trialEnd,
      state.currentPeriodStart,
      state.currentPeriodEnd,
      createdAt,
      createdAt,
    ],
    options.transaction,
  );
  return row;
}

/**
 * Applies the coupon through the coupon catalog's own apply (its transaction: the coupon row lock that makes
 * redemption counts exact). It runs after the insert, so a taken externalId costs no redemption; if the
 * subscription then fails to commit, the caller terminates the applied coupon again (its redemption stays used).
 */
async function withCoupon(options: {
  sql: SubscriptionSql;
  request: NewSubscription;
  row: SubscriptionRow;
  transaction: SqlTransaction;
  applied: AppliedCoupon;
}): Promise<SubscriptionRecord> {
  const { sql, request, row, transaction } = options;
  if (request.couponCode === undefined) return toSubscriptionRecord(row);
  const applied = await applyCoupon(sql, {
    coupon: { code: request.couponCode },
    customerId: request.customerId,
    now: request.now,
  });
  if (!applied.ok) {
    const reason =
      applied.error.code === 'coupon_not_applicable' ? applied.error.reason : `Coupon ${request.couponCode} not found`;
    throw new TransactionRefusal<SubscriptionFailure>({ code: 'coupon_invalid', reason });
  }
  options.applied.id = applied.value.id;
  options.applied.now = request.now;
  try {
    const updated = await sql.oneOrFail<SubscriptionRow>(
      `update ${sql.table('subscriptions')} set applied_coupon_id = ? where id = ? returning ${SUBSCRIPTION_COLUMNS}`,
      [applied.value.id, row.id],
      transaction,
    );
    return toSubscriptionRecord(updated);
  } catch (error) {
    await terminateAppliedCoupon(sql, { appliedCouponId: applied.value.id, now: request.now });
    throw error;
  }
}
