import { ApplicationFailure } from '@temporalio/common';
import type { Activities } from '../../activities';
import { toCurrencyCode } from '../../domain/money';
import { computeBillingPeriod, findPeriodContaining } from '../../domain/periods';
import {
  buildFeeLine,
  buildIntervalChangeLines,
  buildPlanChangeLines,
  creditUnusedPart,
  splitPeriodDays,
} from '../../domain/subscriptions';
import type { SubscriptionStatus } from '../../workflows/subscriptions/messages';
import type { CreditableInvoice, IssuedInvoice, SubscriptionSnapshot } from '../../workflows/subscriptions/wire';

/**
 * The subscription activities in memory, for workflow tests without a database. Amounts come from the same domain
 * functions the real activities call (so a test can state known answers); invoices and lifecycle writes are kept in
 * plain objects. No failures and no retries, so no idempotency either: a test sees every key the workflow used.
 */

const AMOUNT = 'amount_out_of_range';

type In<K extends keyof Activities> = Parameters<Activities[K]>[0];

export interface FakeSubscriptionOptions {
  /** What `loadSubscription` answers; null: the row does not exist. */
  snapshot: SubscriptionSnapshot | null;
  /** Generated invoices stay DRAFT this long (a grace period), so the workflow holds and later finalizes them. */
  graceMs?: number;
  /** What each usage-only close bills (nothing is metered in memory): unset or 0, no invoice. */
  usageMinor?: bigint;
  /**
   * While `overflow` is true, every invoice that prices usage (usage-only closes, fee invoices with a usage segment,
   * finalizing a held one) fails as priced beyond the money maximum. A test flips it to see a retry succeed.
   */
  pricing?: { overflow: boolean };
}

/** What the fake stored, for assertions. */
export interface FakeSubscriptionStore {
  /** The lifecycle columns as the writes left them (instants as ISO strings, null where cleared). */
  row: Record<string, string | null>;
  /** The events recorded with the writes, in order. */
  events: string[];
  /** Issued invoices with their idempotency keys, in issue order. */
  invoices: (IssuedInvoice & { key: string })[];
  /** The subscription's billing error as the activities left it (null: none, or cleared). */
  billingError: { message: string; period: { start: string; end: string } } | null;
  /** `invoice.generation_failed` events recorded, one per new billing error. */
  generationFailures: number;
}

export function createFakeSubscriptionActivities(options: FakeSubscriptionOptions) {
  const store: FakeSubscriptionStore = { row: {}, events: [], invoices: [], billingError: null, generationFailures: 0 };
  const overflowing = (): Promise<never> =>
    Promise.reject(ApplicationFailure.nonRetryable('9000000000000000000.00 USD is beyond the money maximum', AMOUNT));

  /** A new invoice of `totalMinor`: OPEN, or DRAFT until `now` + the grace period when one is set. */
  function issue(key: string, totalMinor: bigint, now: string): IssuedInvoice {
    const held = options.graceMs !== undefined;
    const invoice: IssuedInvoice = {
      invoiceId: `inv_fake_${store.invoices.length + 1}`,
      status: held ? 'DRAFT' : 'OPEN',
      totalMinor: totalMinor.toString(),
      finalizeAfter: held ? new Date(Date.parse(now) + (options.graceMs ?? 0)).toISOString() : null,
    };
    store.invoices.push({ ...invoice, key });
    return invoice;
  }

  const activities = {
    loadSubscription: (_ref: In<'loadSubscription'>) => Promise.resolve(options.snapshot),

    /** The real activity's calendar (domain/periods), which is pure. */
    findBillingPeriod(input: In<'findBillingPeriod'>) {
      const schedule = { anchor: input.anchor, interval: input.interval, timeZone: input.timeZone };
      const found = findPeriodContaining(schedule, input.at);
      const period = found.ok ? found.value : computeBillingPeriod(schedule, 0);
      return Promise.resolve({ start: period.start.toISOString(), end: period.end.toISOString() });
    },

    issuePeriodInvoice(input: In<'issuePeriodInvoice'>) {
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
      if (input.usage !== undefined && options.pricing?.overflow === true) return overflowing();
      if (line.type === 'PRORATION' && line.amountMinor === 0n) return Promise.resolve(null);
      return Promise.resolve(issue(input.idempotencyKey, line.amountMinor, input.now));
    },

    /** A usage-only close: an invoice of `usageMinor` when the options set one, else nothing billed. */
    issueUsageInvoice(input: In<'issueUsageInvoice'>) {
      if (options.pricing?.overflow === true) return overflowing();
      const usageMinor = options.usageMinor ?? 0n;
      return Promise.resolve(usageMinor === 0n ? null : issue(input.idempotencyKey, usageMinor, input.now));
    },

    issuePlanChangeInvoice(input: In<'issuePlanChangeInvoice'>) {
      const { credit, charge } = buildPlanChangeLines({
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
      return Promise.resolve({
        ...issue(input.idempotencyKey, credit.amountMinor + charge.amountMinor, input.changeAt),
        creditMinor: (-credit.amountMinor).toString(),
        chargeMinor: charge.amountMinor.toString(),
      });
    },

    issueIntervalChangeInvoice(input: In<'issueIntervalChangeInvoice'>) {
      const { credit, charge } = buildIntervalChangeLines({
        oldPlan: { name: input.oldPlan.name, feeMinor: BigInt(input.feeBasisMinor ?? input.oldPlan.amountMinor) },
        newPlan: { name: input.newPlan.name, feeMinor: BigInt(input.newPlan.amountMinor) },
        changeAt: new Date(input.changeAt),
        oldPeriod: { start: new Date(input.oldPeriod.start), end: new Date(input.oldPeriod.end) },
        newPeriod: { start: new Date(input.newPeriod.start), end: new Date(input.newPeriod.end) },
        timeZone: input.timeZone,
        currency: toCurrencyCode(input.currency),
        invoicedMinor: BigInt(input.invoicedMinor),
        creditedMinor: BigInt(input.creditedMinor),
      });
      const creditMinor = -(credit?.amountMinor ?? 0n);
      return Promise.resolve({
        ...issue(input.idempotencyKey, charge.amountMinor - creditMinor, input.changeAt),
        creditMinor: creditMinor.toString(),
        periodChargedMinor: charge.amountMinor.toString(),
      });
    },

    /** The capped credit for the unused days, taken from the invoices newest first as far as each can take. */
    creditUnusedPeriod(input: In<'creditUnusedPeriod'>) {
      const days = splitPeriodDays({
        periodStart: new Date(input.period.start),
        periodEnd: new Date(input.period.end),
        changeAt: new Date(input.changeAt),
        timeZone: input.timeZone,
      });
      let left = creditUnusedPart({
        feeMinor: BigInt(input.feeBasisMinor ?? input.plan.amountMinor),
        days,
        invoicedMinor: BigInt(input.invoicedMinor),
        creditedMinor: BigInt(input.creditedMinor),
      });
      let creditedMinor = 0n;
      const invoices: CreditableInvoice[] = input.invoices.map((invoice) => {
        const creditable = BigInt(invoice.creditableMinor);
        const taken = left < creditable ? left : creditable;
        left -= taken;
        creditedMinor += taken;
        return { invoiceId: invoice.invoiceId, creditableMinor: (creditable - taken).toString() };
      });
      return Promise.resolve({ creditedMinor: creditedMinor.toString(), invoices });
    },

    writeLifecycleChange(input: In<'writeLifecycleChange'>) {
      Object.assign(store.row, input.change);
      if (input.event !== null) store.events.push(input.event);
      const status = (store.row.status ?? options.snapshot?.status ?? 'ACTIVE') as SubscriptionStatus;
      return Promise.resolve({ status });
    },

    finalizeHeldInvoice(input: In<'finalizeHeldInvoice'>) {
      if (options.pricing?.overflow === true) return overflowing();
      const invoice = store.invoices.find((candidate) => candidate.invoiceId === input.invoiceId);
      if (invoice === undefined) return Promise.resolve(null);
      invoice.status = 'OPEN';
      return Promise.resolve(invoice.status);
    },

    /** Like the real one: a new period or code is a new error, with its event; the same again changes nothing. */
    recordBillingError(input: In<'recordBillingError'>) {
      const same =
        store.billingError?.period.start === input.period.start && store.billingError.period.end === input.period.end;
      if (!same) store.generationFailures += 1;
      store.billingError = { message: input.message, period: input.period };
      return Promise.resolve();
    },

    clearBillingError(_input: In<'clearBillingError'>) {
      store.billingError = null;
      return Promise.resolve();
    },
  };
  return { activities, store };
}
