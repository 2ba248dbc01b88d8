import type { BillingInterval, BillingTiming } from '../../../domain/periods';
import type { SubscriptionStatus } from '../../../domain/subscriptions';
import type { SubscriptionLifecycleEvent } from '../../../domain/webhooks';
import type { SqlTransaction } from '../../../infra/db/sql';
import { findPlanPriceTerms } from '../../catalog/plans';
import { recordCustomerEvent } from '../../catalog/customers';
import { noteStandingChange } from './standing-changes';
import { changesRecurringTerms, recordSubscriptionChange } from './subscription-changes';
import { findSubscription, type SubscriptionRecord, type SubscriptionSql } from './subscription-records';
import { subscriptionView } from './subscription-view';

/**
 * The lifecycle writes of the subscription workflow, its only writer of these columns. Each write changes the row
 * and records its SPEC §6.2 event in one transaction, and is idempotent: a retried activity finds the target state
 * already reached and changes nothing (no second event).
 */

/** The lifecycle columns a write may set; absent keys are left alone. */
export interface LifecycleChange {
  status?: SubscriptionStatus;
  planId?: string;
  pendingPlanId?: string | null;
  billingAnchor?: Date;
  currentPeriodStart?: Date;
  currentPeriodEnd?: Date;
  cancelAt?: Date | null;
  canceledAt?: Date | null;
  pausedAt?: Date | null;
}

export interface LifecycleWrite {
  subscriptionId: string;
  change: LifecycleChange;
  /** Recorded only when the change was applied; null for changes SPEC §6.2 has no event for (a plan change). */
  event: SubscriptionLifecycleEvent | null;
  now: Date;
}

const COLUMNS: Readonly<Record<keyof LifecycleChange, string>> = {
  status: 'status',
  planId: 'plan_id',
  pendingPlanId: 'pending_plan_id',
  billingAnchor: 'billing_anchor',
  currentPeriodStart: 'current_period_start',
  currentPeriodEnd: 'current_period_end',
  cancelAt: 'cancel_at',
  canceledAt: 'canceled_at',
  pausedAt: 'paused_at',
};

type ChangeValue = LifecycleChange[keyof LifecycleChange];

const sameValue = (left: ChangeValue, right: ChangeValue): boolean =>
  left instanceof Date && right instanceof Date ? left.getTime() === right.getTime() : left === right;

function alreadyApplied(record: SubscriptionRecord, change: LifecycleChange): boolean {
  return (Object.keys(change) as (keyof LifecycleChange)[]).every((key) => sameValue(record[key], change[key]));
}

async function updateRow(
  sql: SubscriptionSql,
  transaction: SqlTransaction,
  write: LifecycleWrite,
): Promise<SubscriptionRecord> {
  const keys = Object.keys(write.change) as (keyof LifecycleChange)[];
  const assignments = keys.map((key) => `${COLUMNS[key]} = ?`);
  await sql.query(
    `update ${sql.table('subscriptions')} set ${[...assignments, 'updated_at = ?'].join(', ')} where id = ?`,
    [...keys.map((key) => write.change[key] ?? null), write.now, write.subscriptionId],
    transaction,
  );
  const updated = await findSubscription(sql, write.subscriptionId, { transaction });
  if (updated === undefined)
    throw new Error(`subscription ${write.subscriptionId} vanished inside its own transaction`);
  return updated;
}

/**
 * Applies a lifecycle change under the row lock unless the row already shows it, and records the event with the
 * record as the API presents it. Undefined when the subscription does not exist.
 */
export async function applyLifecycleChange(
  sql: SubscriptionSql,
  write: LifecycleWrite,
): Promise<{ record: SubscriptionRecord; applied: boolean } | undefined> {
  return sql.transactional(async (transaction) => {
    const current = await findSubscription(sql, write.subscriptionId, { transaction, forUpdate: true });
    if (current === undefined) return undefined;
    if (alreadyApplied(current, write.change)) return { record: current, applied: false };
    const record = await updateRow(sql, transaction, write);
    if (changesRecurringTerms(current, record)) {
      await recordSubscriptionChange(sql, transaction, { record, effectiveAt: write.now });
    }
    if (write.event !== null) {
      await recordCustomerEvent(sql, transaction, {
        type: write.event,
        customerId: record.customerId,
        data: subscriptionView(record),
        occurredAt: write.now,
      });
    }
    // Resumed: its standing follows its invoices again, and one may have fallen due while it was paused.
    if (current.status === 'PAUSED' && record.status === 'ACTIVE') {
      await noteStandingChange(sql, transaction, { subscriptionId: record.id, now: write.now });
    }
    return { record, applied: true };
  });
}

/** A plan as the subscription bills it: its price in the subscription's currency. */
export interface SubscriptionPlanTerms {
  planId: string;
  name: string;
  amountMinor: bigint;
  billingInterval: BillingInterval;
  billingTiming: BillingTiming;
}

/** Undefined when the plan has no price in `currency` (the API refuses such plans; a deleted price is caught here). */
export async function findPlanTerms(
  sql: SubscriptionSql,
  input: { planId: string; currency: string },
): Promise<SubscriptionPlanTerms | undefined> {
  return findPlanPriceTerms(sql, input);
}
