import type { BillingErrorCode } from '../../../domain/subscriptions';
import { recordCustomerEvent } from '../../catalog/customers';
import {
  findSubscription,
  SUBSCRIPTION_COLUMNS,
  toSubscriptionRecord,
  type SubscriptionBillingError,
  type SubscriptionRecord,
  type SubscriptionRow,
  type SubscriptionSql,
} from './subscription-records';
import { billingErrorView } from './subscription-view';

/**
 * The subscription's visible billing error. The workflow records one when a period's invoice cannot be issued (its
 * usage priced beyond the money maximum) and keeps that invoice waiting; a retry issues it and clears the error.
 * Both writes run under the row lock, and both are no-ops (undefined) when the subscription does not exist.
 */

export interface BillingErrorReport {
  subscriptionId: string;
  code: BillingErrorCode;
  message: string;
  period: { start: Date; end: Date };
  now: Date;
}

/** A failure as an activity retry would report it again: its code and its period (the message may be worded anew). */
const failureKey = (code: string, start: Date, end: Date): string =>
  `${code} ${start.toISOString()} ${end.toISOString()}`;

function sameFailure(stored: SubscriptionBillingError | null, report: BillingErrorReport): boolean {
  if (stored === null) return false;
  return (
    failureKey(stored.code, stored.periodStart, stored.periodEnd) ===
    failureKey(report.code, report.period.start, report.period.end)
  );
}

/**
 * Shows the failure on the subscription and records `invoice.generation_failed`, in one transaction. A failure of
 * another period replaces the stored one: the newest shows, and a retry retries every waiting period anyway. The
 * same failure again (an activity retry) changes nothing and records no second event.
 */
export async function recordBillingError(
  sql: SubscriptionSql,
  report: BillingErrorReport,
): Promise<SubscriptionRecord | undefined> {
  return sql.transactional(async (transaction) => {
    const current = await findSubscription(sql, report.subscriptionId, { transaction, forUpdate: true });
    if (current === undefined) return undefined;
    if (sameFailure(current.billingError, report)) return current;
    const error = billingErrorView({
      code: report.code,
      message: report.message,
      periodStart: report.period.start,
      periodEnd: report.period.end,
      occurredAt: report.now,
    });
    const row = await sql.oneOrFail<SubscriptionRow>(
      `update ${sql.table('subscriptions')} set billing_error = ?::jsonb, updated_at = ?
        where id = ? returning ${SUBSCRIPTION_COLUMNS}`,
      [JSON.stringify(error), report.now, report.subscriptionId],
      transaction,
    );
    // Money-free on purpose: the amount is the one the API cannot present (beyond the money maximum).
    const data = {
      subscriptionId: current.id,
      customerId: current.customerId,
      code: error.code,
      message: error.message,
      periodStart: error.periodStart,
      periodEnd: error.periodEnd,
    };
    await recordCustomerEvent(sql, transaction, {
      type: 'invoice.generation_failed',
      customerId: current.customerId,
      data,
      occurredAt: report.now,
    });
    return toSubscriptionRecord(row);
  });
}

/**
 * A retry issued every waiting invoice: the error goes. No event: the invoices the retry issued send
 * `invoice.created` themselves, which is what a receiver of `invoice.generation_failed` waits for.
 */
export async function clearBillingError(
  sql: SubscriptionSql,
  input: { subscriptionId: string; now: Date },
): Promise<SubscriptionRecord | undefined> {
  return sql.transactional(async (transaction) => {
    const current = await findSubscription(sql, input.subscriptionId, { transaction, forUpdate: true });
    if (current === undefined || current.billingError === null) return current;
    const row = await sql.oneOrFail<SubscriptionRow>(
      `update ${sql.table('subscriptions')} set billing_error = null, updated_at = ?
        where id = ? returning ${SUBSCRIPTION_COLUMNS}`,
      [input.now, input.subscriptionId],
      transaction,
    );
    return toSubscriptionRecord(row);
  });
}
