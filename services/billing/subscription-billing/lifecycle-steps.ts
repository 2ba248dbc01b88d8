import { toCurrencyCode } from '../../../domain/money';
import { buildFeeLine, buildPlanChangeLines } from '../../../domain/subscriptions';
import type { TenantSql } from '../../../infra/db/tenant-sql';
import type { Logger } from '../../../infra/logger';
import { closeUsageSegment, createInvoice } from '../invoices';
import { applyLifecycleChange, type LifecycleChange } from '../subscriptions';
import type { TransitionResult } from '../../../workflows/subscriptions/messages';
import type {
  CreditUnusedInput,
  CreditUnusedResult,
  IntervalChangeInvoice,
  InvoiceFeeInput,
  InvoiceIntervalChangeInput,
  InvoicePlanChangeInput,
  IssuedInvoice,
  LifecycleChangeInput,
  PlanChangeInvoice,
  UsageInvoiceInput,
} from '../../../workflows/subscriptions/wire';
import { creditAcrossInvoices } from './credit-allocation';
import { creditedWithin } from './credit-within-room';
import { issueIntervalChangeInvoice } from './interval-change-invoice';
import { subscriptionInvoice, toIssued, usageSegmentOf } from './subscription-invoice';

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

/**
 * The steps of a lifecycle action, each one activity of its own and each idempotent on its key. Usage priced beyond
 * the money maximum throws `MoneyOverflowError` (the activities make it a non-retryable failure). `sqlOf` decides
 * where they write: on their own (one transaction each), or all inside one action's transaction.
 */
export function createLifecycleSteps({ sqlOf, logger }: { sqlOf: (tenantId: string) => TenantSql; logger: Logger }) {
  return {
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
      // A fee of 0 (a usage-only plan, or a proration of no days) bills no line: no 0.00 invoice, no number spent.
      const lines = line.amountMinor === 0n ? [] : [line];
      const invoice = subscriptionInvoice(input, {
        planId: input.plan.planId,
        key: input.idempotencyKey,
        now: input.now,
        lines,
      });
      const sql = sqlOf(input.tenantId);
      if (input.usage !== undefined) {
        const usage = usageSegmentOf(input, { planId: input.plan.planId, segment: input.usage });
        const closed = await closeUsageSegment(sql, {
          invoice: { ...invoice, idempotencyKey: input.idempotencyKey },
          usage,
        });
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
      const closed = await closeUsageSegment(sqlOf(input.tenantId), {
        invoice: { ...invoice, idempotencyKey: input.idempotencyKey },
        usage,
      });
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
        creditedMinor: await creditedWithin(sqlOf(input.tenantId), input),
      });
      const invoice = await createInvoice(sqlOf(input.tenantId), {
        ...subscriptionInvoice(input, {
          planId: input.newPlan.planId,
          key: input.idempotencyKey,
          now: input.changeAt,
          // Nothing left to credit (the period's invoices voided or credited already): no 0.00 credit line.
          lines: lines.credit.amountMinor === 0n ? [lines.charge] : [lines.credit, lines.charge],
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
  };
}

export type LifecycleSteps = ReturnType<typeof createLifecycleSteps>;
