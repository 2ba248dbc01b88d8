import { ApplicationFailure } from '@temporalio/activity';
import { requireId } from '../../domain/ids';
import { MoneyOverflowError, toCurrencyCode } from '../../domain/money';
import { findPeriodContaining, computeBillingPeriod } from '../../domain/periods';
import { buildFeeLine, buildPlanChangeLines } from '../../domain/subscriptions';
import type { Orm } from '../../infra/db/orm';
import { tenantSql, type TenantSql } from '../../infra/db/tenant-sql';
import { closeUsageSegment, createInvoice } from '../../services/invoices';
import { finalizeInvoiceIfDraft } from '../../services/invoices';
import type { Logger } from '../../infra/logger';
import { findSubscription } from '../../services/subscriptions';
import {
  applyLifecycleChange,
  clearBillingError,
  recordBillingError,
  queryBillingTimeZone,
  readPlanTerms,
  type LifecycleChange,
  type SubscriptionPlanTerms,
} from '../../services/subscriptions';
import type { PlanTerms, TransitionResult } from '../../workflows/subscriptions/messages';
import { creditAcrossInvoices } from './credit-allocation';
import { subscriptionInvoice, toIssued, usageSegmentOf } from './subscription-invoice';
import { issueIntervalChangeInvoice } from './interval-change-invoice';
import type {
  BillingErrorClear,
  BillingErrorInput,
  CreditUnusedInput,
  CreditUnusedResult,
  IntervalChangeInvoice,
  InvoiceFeeInput,
  InvoiceIntervalChangeInput,
  InvoicePlanChangeInput,
  IssuedInvoice,
  LifecycleChangeInput,
  PeriodRange,
  PlanChangeInvoice,
  SubscriptionRef,
  SubscriptionSnapshot,
  UsageInvoiceInput,
} from '../../workflows/subscriptions/wire';

export interface SubscriptionActivityDependencies {
  orm: Orm;
  logger: Logger;
}

const toWirePlan = (plan: SubscriptionPlanTerms): PlanTerms => ({ ...plan, amountMinor: plan.amountMinor.toString() });

function toLifecycleChange(change: LifecycleChangeInput['change']): LifecycleChange {
  const instant = (value: string | null | undefined) =>
    value === undefined ? undefined : value === null ? null : new Date(value);
  const entries = Object.entries({
    ...change,
    billingAnchor: instant(change.billingAnchor),
    currentPeriodStart: instant(change.currentPeriodStart),
    currentPeriodEnd: instant(change.currentPeriodEnd),
    cancelAt: instant(change.cancelAt),
    canceledAt: instant(change.canceledAt),
    pausedAt: instant(change.pausedAt),
  }).filter(([, value]) => value !== undefined);
  return Object.fromEntries(entries);
}

/** The failure type of usage priced beyond the money maximum: pricing again gives the same amount, so never retried. */
export const AMOUNT_OUT_OF_RANGE = 'amount_out_of_range';

/** Runs a step that prices usage; an amount beyond the money maximum fails it for good, typed, instead of retrying. */
export async function failOnMoneyOverflow<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof MoneyOverflowError) throw ApplicationFailure.nonRetryable(error.message, AMOUNT_OUT_OF_RANGE);
    throw error;
  }
}

export function createSubscriptionActivities({ orm, logger }: SubscriptionActivityDependencies) {
  const sqlOf = (tenantId: string): TenantSql => tenantSql(orm, tenantId);

  async function planTermsOrFail(sql: TenantSql, planId: string, currency: string): Promise<PlanTerms> {
    const terms = await readPlanTerms(sql, { planId, currency });
    if (terms === undefined) {
      throw ApplicationFailure.nonRetryable(`Plan ${planId} has no price in ${currency}`, 'plan_price_missing');
    }
    return toWirePlan(terms);
  }

  return {
    /** The stored subscription with its plan terms and time zone; null when no such row exists (nothing to bill). */
    async loadSubscription(ref: SubscriptionRef): Promise<SubscriptionSnapshot | null> {
      const sql = sqlOf(ref.tenantId);
      const record = await findSubscription(sql, { id: ref.subscriptionId });
      if (record === null) return null;
      const plan = await planTermsOrFail(sql, record.planId, record.currency);
      const pendingPlan =
        record.pendingPlanId === null ? null : await planTermsOrFail(sql, record.pendingPlanId, record.currency);
      const timeZone = await queryBillingTimeZone(sql, record.customerId);
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

    /**
     * The base fee of a period or of its segment; idempotent on the key (a retry returns the same invoice). Null when
     * a segment prorates to nothing (a change on the period's first day): no 0.00 invoice.
     */
    async issuePeriodInvoice(input: InvoiceFeeInput): Promise<IssuedInvoice | null> {
      const line = buildFeeLine(
        { name: input.plan.name, feeMinor: BigInt(input.plan.amountMinor) },
        {
          periodStart: new Date(input.period.start),
          periodEnd: new Date(input.period.end),
          from: new Date(input.segment.start),
          until: new Date(input.segment.end),
          timeZone: input.timeZone,
          currency: toCurrencyCode(input.currency),
        },
      );
      const lines = line.type === 'PRORATION' && line.amountMinor === 0n ? [] : [line];
      const invoice = subscriptionInvoice(input, {
        planId: input.plan.planId,
        key: input.idempotencyKey,
        now: input.now,
        lines,
      });
      const sql = sqlOf(input.tenantId);
      if (input.usage !== undefined) {
        const usage = usageSegmentOf(input, { planId: input.plan.planId, segment: input.usage });
        const closed = await failOnMoneyOverflow(() =>
          closeUsageSegment(sql, { invoice: { ...invoice, idempotencyKey: input.idempotencyKey }, usage }),
        );
        return closed === null ? null : toIssued(closed);
      }
      if (lines.length === 0) return null;
      return toIssued(await createInvoice(sql, invoice));
    },

    /**
     * The usage of a segment on an invoice of its own (IN_ADVANCE plans, trials), closed under the subscription row's
     * lock with its `usage_segments` row; idempotent on the key. Null when the segment billed nothing.
     */
    async issueUsageInvoice(input: UsageInvoiceInput): Promise<IssuedInvoice | null> {
      const invoice = subscriptionInvoice(input, {
        planId: input.planId,
        key: input.idempotencyKey,
        now: input.now,
        lines: [],
      });
      const usage = usageSegmentOf(input, { planId: input.planId, segment: input.segment });
      const closed = await failOnMoneyOverflow(() =>
        closeUsageSegment(sqlOf(input.tenantId), {
          invoice: { ...invoice, idempotencyKey: input.idempotencyKey },
          usage,
        }),
      );
      return closed === null ? null : toIssued(closed);
    },

    /** One proration invoice: credit for the old plan's unused days, charge for them on the new plan. */
    async issuePlanChangeInvoice(input: InvoicePlanChangeInput): Promise<PlanChangeInvoice> {
      const lines = buildPlanChangeLines({
        oldPlan: { name: input.oldPlan.name, feeMinor: BigInt(input.feeBasisMinor ?? input.oldPlan.amountMinor) },
        newPlan: { name: input.newPlan.name, feeMinor: BigInt(input.newPlan.amountMinor) },
        changeAt: new Date(input.changeAt),
        periodStart: new Date(input.period.start),
        periodEnd: new Date(input.period.end),
        timeZone: input.timeZone,
        currency: toCurrencyCode(input.currency),
        invoicedMinor: BigInt(input.invoicedMinor),
        creditedMinor: BigInt(input.creditedMinor),
      });
      const invoice = await createInvoice(sqlOf(input.tenantId), {
        ...subscriptionInvoice(input, {
          planId: input.newPlan.planId,
          key: input.idempotencyKey,
          now: input.changeAt,
          lines: [lines.credit, lines.charge],
        }),
      });
      return {
        ...toIssued(invoice),
        creditMinor: (-lines.credit.amountMinor).toString(),
        chargeMinor: lines.charge.amountMinor.toString(),
      };
    },

    /** A change to another interval now (both IN_ADVANCE): old plan's unused days credited, new period charged. */
    issueIntervalChangeInvoice(input: InvoiceIntervalChangeInput): Promise<IntervalChangeInvoice> {
      return issueIntervalChangeInvoice(sqlOf(input.tenantId), input);
    },

    /** FINALIZED ORDER_CHANGE credit notes for the unused part of a period paid in advance. */
    creditUnusedPeriod(input: CreditUnusedInput): Promise<CreditUnusedResult> {
      return creditAcrossInvoices({ sql: sqlOf(input.tenantId), logger, input });
    },

    /** A lifecycle write with its event; null when the subscription row no longer exists. */
    async writeLifecycleChange(input: LifecycleChangeInput): Promise<TransitionResult | null> {
      const written = await applyLifecycleChange(sqlOf(input.tenantId), {
        subscriptionId: input.subscriptionId,
        change: toLifecycleChange(input.change),
        event: input.event,
        now: new Date(input.now),
      });
      return written === undefined ? null : { status: written.record.status };
    },

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
      await clearBillingError(sqlOf(input.tenantId), { subscriptionId: input.subscriptionId });
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
