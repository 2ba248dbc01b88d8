import { wallClock } from '../../infra/wall-clock';
import { ApplicationFailure } from '@temporalio/activity';
import { requireId } from '../../domain/ids';
import { findPeriodContaining, computeBillingPeriod } from '../../domain/periods';
import type { Orm } from '../../infra/db/orm';
import { tenantSql, type TenantSql } from '../../infra/db/tenant-sql';
import { finalizeInvoiceIfDraft } from '../../services/billing/invoices';
import type { Logger } from '../../infra/logger';
import {
  clearBillingError,
  findSubscription,
  recordBillingError,
  readBillingTestClock,
  readBillingTimeZone,
  findPlanTerms,
  type SubscriptionPlanTerms,
} from '../../services/billing/subscriptions';
import type { PlanTerms } from '../../workflows/subscriptions/messages';
import type {
  BillingErrorClear,
  BillingErrorInput,
  InvoiceFeeInput,
  LifecycleActionInput,
  LifecycleActionResult,
  PeriodRange,
  SubscriptionRef,
  SubscriptionSnapshot,
  UsageInvoiceInput,
} from '../../workflows/subscriptions/wire';
import { applyLifecycleAction, createLifecycleSteps } from '../../services/billing/subscription-billing';
import { failOnMoneyOverflow } from './money-overflow';

export interface SubscriptionActivityDependencies {
  orm: Orm;
  logger: Logger;
}

const toWirePlan = (plan: SubscriptionPlanTerms): PlanTerms => ({ ...plan, amountMinor: plan.amountMinor.toString() });

export function createSubscriptionActivities({ orm, logger }: SubscriptionActivityDependencies) {
  const sqlOf = (tenantId: string): TenantSql => tenantSql(orm, tenantId);
  const lifecycleSteps = createLifecycleSteps({ sqlOf, logger });

  async function planTermsOrFail(sql: TenantSql, planId: string, currency: string): Promise<PlanTerms> {
    const terms = await findPlanTerms(sql, { planId, currency });
    if (terms === undefined) {
      throw ApplicationFailure.nonRetryable(`Plan ${planId} has no price in ${currency}`, 'plan_price_missing');
    }
    return toWirePlan(terms);
  }

  return {
    /** The stored subscription with its plan terms and time zone; null when no such row exists (nothing to bill). */
    async loadSubscription(ref: SubscriptionRef): Promise<SubscriptionSnapshot | null> {
      const sql = sqlOf(ref.tenantId);
      const record = await findSubscription(sql, ref.subscriptionId);
      if (record === undefined) return null;
      const plan = await planTermsOrFail(sql, record.planId, record.currency);
      const pendingPlan =
        record.pendingPlanId === null ? null : await planTermsOrFail(sql, record.pendingPlanId, record.currency);
      const timeZone = await readBillingTimeZone(sql, record.customerId);
      const clock = await readBillingTestClock(sql, record.customerId);
      const start = record.currentPeriodStart ?? record.billingAnchor;
      return {
        customerId: record.customerId,
        currency: record.currency,
        status: record.status,
        timeZone,
        plan,
        pendingPlan,
        billingAnchor: record.billingAnchor.toISOString(),
        currentPeriodStart: start.toISOString(),
        currentPeriodEnd: (record.currentPeriodEnd ?? record.trialEnd ?? start).toISOString(),
        trialEnd: record.trialEnd?.toISOString() ?? null,
        cancelAt: record.cancelAt?.toISOString() ?? null,
        testClock:
          clock === null
            ? null
            : { clockId: clock.clockId, frozenTime: clock.frozenTime.toISOString(), advancing: clock.advancing },
      };
    },

    /**
     * The period of the anniversary calendar (anchor, interval, customer's zone) in which `at` falls; period 0 when
     * `at` is before the anchor. An activity, so the time-zone rules used are recorded in history (replay-safe).
     */
    findBillingPeriod(input: {
      anchor: string;
      interval: PlanTerms['billingInterval'];
      timeZone: string;
      at: string;
    }): Promise<PeriodRange> {
      const schedule = { anchor: input.anchor, interval: input.interval, timeZone: input.timeZone };
      const found = findPeriodContaining(schedule, input.at);
      const period = found.ok ? found.value : computeBillingPeriod(schedule, 0);
      return Promise.resolve({ start: period.start.toISOString(), end: period.end.toISOString() });
    },

    ...lifecycleSteps,
    // Pricing usage past the money maximum gives the same amount on every retry: a failure of its own type.
    issuePeriodInvoice: (input: InvoiceFeeInput) => failOnMoneyOverflow(() => lifecycleSteps.issuePeriodInvoice(input)),
    issueUsageInvoice: (input: UsageInvoiceInput) => failOnMoneyOverflow(() => lifecycleSteps.issueUsageInvoice(input)),

    /** Cancel now, pause, plan change or renewal: its steps in one transaction (see `applyLifecycleAction`). */
    applyLifecycleAction: (input: LifecycleActionInput): Promise<LifecycleActionResult> =>
      applyLifecycleAction({ orm, logger }, input),

    /** A period's invoice could not be issued: the subscription shows why (once per period) until a retry. */
    async recordBillingError(input: BillingErrorInput): Promise<void> {
      await recordBillingError(sqlOf(input.tenantId), {
        subscriptionId: input.subscriptionId,
        code: input.code,
        message: input.message,
        period: { start: new Date(input.period.start), end: new Date(input.period.end) },
        now: new Date(input.now),
      });
    },

    /** A retry issued every waiting invoice: the subscription's billing error goes. */
    async clearBillingError(input: BillingErrorClear): Promise<void> {
      // Real time only for a retry scheduled before workflows passed their business time.
      const now = input.now === undefined ? wallClock.now() : new Date(input.now);
      await clearBillingError(sqlOf(input.tenantId), { subscriptionId: input.subscriptionId, now });
    },

    /** The grace-period timer fired: finalize the invoice if it is still a DRAFT; its status as it now stands. */
    async finalizeHeldInvoice(input: { tenantId: string; invoiceId: string; now: string }): Promise<string | null> {
      const invoiceId = requireId('invoice', input.invoiceId);
      const invoice = await failOnMoneyOverflow(() =>
        finalizeInvoiceIfDraft(sqlOf(input.tenantId), invoiceId, new Date(input.now)),
      );
      return invoice?.status ?? null;
    },
  };
}

export type SubscriptionActivities = ReturnType<typeof createSubscriptionActivities>;
