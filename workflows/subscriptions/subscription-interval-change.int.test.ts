import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Activities } from '../../activities';
import {
  addUtcMonths,
  useScenarioSuite,
  DAY_MS,
  nextLongMonthStart,
  scenarioWorker,
  sleepUntil,
  waitFor,
  type Scenario,
} from '../../test/scenarios/subscription-scenario';
import { invoicesAtLeast, invoicesCounted } from '../../test/scenarios/invoice-waits';
import { crashAfterCommit } from '../../test/fakes/crash-after-commit';
import { cancelSubscriptionUpdate, changeSubscriptionPlanUpdate, type PlanTerms } from './messages';

/**
 * Plan changes across billing intervals (monthly ↔ yearly). Effective now, the period restarts at the change:
 * the old plan's unused days are credited (whole UTC days, the change day belongs to the new plan, capped at what
 * the period invoiced) on the same invoice as the new period's full fee. At period end, the renewal anchors the new
 * plan's calendar at the old period's end.
 */

const amounts = (invoices: Awaited<ReturnType<Scenario['invoices']>>) =>
  invoices.map((invoice) => invoice.lines.map((line) => line.amount_minor));

const addUtcYears = (instant: Date | string, years: number): string => {
  const date = new Date(instant);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date.toISOString();
};

const planTerms = (
  planId: string,
  name: string,
  amountMinor: string,
  interval: PlanTerms['billingInterval'],
  timing: PlanTerms['billingTiming'] = 'IN_ADVANCE',
): PlanTerms => ({ planId, name, amountMinor, billingInterval: interval, billingTiming: timing });

describe('subscriptionWorkflow plan changes across billing intervals (time-skipping, real activities and database)', () => {
  const suite = useScenarioSuite();
  let env: TestWorkflowEnvironment;
  let scenario: Scenario;
  beforeAll(() => {
    ({ env, scenario } = suite);
  });

  type Timing = PlanTerms['billingTiming'];

  /** A yearly plan at `amountMinor`, as the API hands it to a change-plan update. */
  async function yearlyPlan(amountMinor: bigint, timing: Timing = 'IN_ADVANCE'): Promise<PlanTerms> {
    const planId = await scenario.createPlan({ name: 'Yearly', amountMinor, interval: 'YEARLY', timing });
    return planTerms(planId, 'Yearly', amountMinor.toString(), 'YEARLY', timing);
  }

  /** ACTIVE on a monthly plan (30.00 in advance unless told) from the next 31-day UTC month; yearly 300.00 offered. */
  async function monthlyWithYearlyOffer(
    monthly: { amountMinor: bigint; timing: Timing } = {
      amountMinor: 3000n,
      timing: 'IN_ADVANCE',
    },
  ) {
    const start = nextLongMonthStart(await env.currentTimeMs());
    const customerId = await scenario.createCustomer();
    const planId = await scenario.createPlan({ name: 'Monthly', ...monthly });
    const subscriptionId = await scenario.insertSubscription({
      customerId,
      planId,
      status: 'ACTIVE',
      periodStart: start,
      periodEnd: addUtcMonths(start, 1),
    });
    const yearly = await yearlyPlan(30_000n);
    await sleepUntil(env, start);
    return { start, end: addUtcMonths(start, 1), customerId, subscriptionId, yearly };
  }

  /** Day 16 of the 31-day period: 15 days used, 16 remaining. */
  const day16 = (start: Date) => new Date(start.getTime() + 15 * DAY_MS);

  test('monthly 30.00 → yearly 300.00 now on day 16: one invoice −15.48 + 300.00 = 284.52, anchored at the change', async () => {
    const { worker, taskQueue } = await scenarioWorker(env, scenario.realActivities());
    const { start, end, customerId, subscriptionId, yearly } = await monthlyWithYearlyOffer();
    await worker.runUntil(async () => {
      const handle = await scenario.startWorkflow({ subscriptionId, customerId, taskQueue });
      await invoicesCounted(scenario, subscriptionId, 1);
      await sleepUntil(env, day16(start));
      // 300.00 a year is less per day than 30.00 a month: the default would wait for the period end.
      const result = await handle.executeUpdate(changeSubscriptionPlanUpdate, {
        args: [{ newPlan: yearly, effective: 'now' }],
      });
      expect(result).toEqual({ status: 'ACTIVE' });

      const row = await scenario.subscription(subscriptionId);
      const changedAt = String(row.billing_anchor);
      expect(Date.parse(changedAt)).toBeGreaterThanOrEqual(day16(start).getTime());
      expect(Date.parse(changedAt)).toBeLessThan(day16(start).getTime() + DAY_MS);
      expect(row).toMatchObject({
        status: 'ACTIVE',
        plan_id: yearly.planId,
        pending_plan_id: null,
        current_period_start: changedAt,
        current_period_end: addUtcYears(changedAt, 1),
      });

      const invoices = await scenario.invoices(subscriptionId);
      expect(amounts(invoices)).toEqual([['3000'], ['-1548', '30000']]);
      // Credit: 3000 × 16/31 = 1548.387… → 1548 (within the 30.00 invoiced); charge: the new year in full.
      expect(invoices[1]?.lines).toEqual([
        {
          type: 'PRORATION',
          description: 'Unused time on Monthly (16 of 31 days)',
          amount_minor: '-1548',
          period_start: changedAt,
          period_end: end.toISOString(),
        },
        {
          type: 'SUBSCRIPTION',
          description: 'Yearly',
          amount_minor: '30000',
          period_start: changedAt,
          period_end: addUtcYears(changedAt, 1),
        },
      ]);
      expect(invoices[1]).toMatchObject({ status: 'OPEN', total_minor: '28452', created_at: changedAt });
      expect(await scenario.creditNotes(subscriptionId)).toEqual([]);

      // The old month's end passes without a renewal: the yearly period runs.
      await sleepUntil(env, new Date(end.getTime() + DAY_MS));
      expect(await scenario.invoices(subscriptionId)).toHaveLength(2);

      // A year after the change: the renewal bills 300.00 for the second year.
      await sleepUntil(env, new Date(Date.parse(addUtcYears(changedAt, 1)) + DAY_MS));
      const renewed = await invoicesAtLeast(scenario, subscriptionId, 3);
      expect(amounts(renewed)).toEqual([['3000'], ['-1548', '30000'], ['30000']]);
      expect(renewed[2]?.lines[0]).toMatchObject({
        type: 'SUBSCRIPTION',
        period_start: addUtcYears(changedAt, 1),
        period_end: addUtcYears(changedAt, 2),
      });
      expect(await scenario.subscription(subscriptionId)).toMatchObject({
        plan_id: yearly.planId,
        billing_anchor: changedAt,
        current_period_start: addUtcYears(changedAt, 1),
        current_period_end: addUtcYears(changedAt, 2),
      });
      // No SPEC §6.2 event exists for a plan change: only the invoices and the renewal.
      expect(await scenario.events(subscriptionId)).toEqual([
        'invoice.created',
        'invoice.created',
        'subscription.renewed',
        'invoice.created',
      ]);
    });
  });

  test('cancel now on the day of the change refunds the year: 284.52 on the change invoice, 15.48 on the monthly one', async () => {
    const { worker, taskQueue } = await scenarioWorker(env, scenario.realActivities());
    const { start, customerId, subscriptionId, yearly } = await monthlyWithYearlyOffer();
    await worker.runUntil(async () => {
      const handle = await scenario.startWorkflow({ subscriptionId, customerId, taskQueue });
      await invoicesCounted(scenario, subscriptionId, 1);
      await sleepUntil(env, day16(start));
      await handle.executeUpdate(changeSubscriptionPlanUpdate, { args: [{ newPlan: yearly, effective: 'now' }] });
      await sleepUntil(env, new Date(day16(start).getTime() + 3_600_000));
      await handle.executeUpdate(cancelSubscriptionUpdate, { args: [{ cancelAt: 'now' }] });
      // Every day of the year unused: 300.00, the most the year was charged. The change invoice holds 284.52 of it;
      // the other 15.48 was paid on the monthly invoice and moved onto the change invoice as its credit line.
      const [monthly, change] = await scenario.invoices(subscriptionId);
      const notes = await scenario.creditNotes(subscriptionId);
      expect(notes).toHaveLength(2);
      expect(notes).toEqual(
        expect.arrayContaining([
          { invoice_id: change?.id, status: 'FINALIZED', reason: 'ORDER_CHANGE', amount_minor: '28452' },
          { invoice_id: monthly?.id, status: 'FINALIZED', reason: 'ORDER_CHANGE', amount_minor: '1548' },
        ]),
      );
      expect(await scenario.subscription(subscriptionId)).toMatchObject({ status: 'CANCELED' });
    });
  });

  test('monthly in arrears 100.00 → yearly 300.00 now on day 16: 48.39 for the 15 used days, the new year at once', async () => {
    const { worker, taskQueue } = await scenarioWorker(env, scenario.realActivities());
    const { start, customerId, subscriptionId, yearly } = await monthlyWithYearlyOffer({
      amountMinor: 10_000n,
      timing: 'IN_ARREARS',
    });
    await worker.runUntil(async () => {
      const handle = await scenario.startWorkflow({ subscriptionId, customerId, taskQueue });
      await sleepUntil(env, day16(start));
      expect(await scenario.invoices(subscriptionId)).toEqual([]);
      await handle.executeUpdate(changeSubscriptionPlanUpdate, { args: [{ newPlan: yearly, effective: 'now' }] });
      const changedAt = String((await scenario.subscription(subscriptionId)).billing_anchor);
      // 10000 × 15/31 = 4838.709… → 4839 for days 1–15; the yearly period from the change, in advance.
      const invoices = await scenario.invoices(subscriptionId);
      expect(invoices.map((invoice) => invoice.lines)).toEqual([
        [
          {
            type: 'PRORATION',
            description: 'Monthly (15 of 31 days)',
            amount_minor: '4839',
            period_start: start.toISOString(),
            period_end: changedAt,
          },
        ],
        [
          {
            type: 'SUBSCRIPTION',
            description: 'Yearly',
            amount_minor: '30000',
            period_start: changedAt,
            period_end: addUtcYears(changedAt, 1),
          },
        ],
      ]);
      expect(await scenario.creditNotes(subscriptionId)).toEqual([]);
    });
  });

  test('monthly 30.00 → yearly 300.00 in arrears now on day 16: 15.48 by credit note, the year billed at its end', async () => {
    const { worker, taskQueue } = await scenarioWorker(env, scenario.realActivities());
    const { start, end, customerId, subscriptionId } = await monthlyWithYearlyOffer();
    const yearly = await yearlyPlan(30_000n, 'IN_ARREARS');
    await worker.runUntil(async () => {
      const handle = await scenario.startWorkflow({ subscriptionId, customerId, taskQueue });
      const [base] = await invoicesCounted(scenario, subscriptionId, 1);
      await sleepUntil(env, day16(start));
      await handle.executeUpdate(changeSubscriptionPlanUpdate, { args: [{ newPlan: yearly, effective: 'now' }] });
      const changedAt = String((await scenario.subscription(subscriptionId)).billing_anchor);
      expect(await scenario.creditNotes(subscriptionId)).toEqual([
        { invoice_id: base?.id, status: 'FINALIZED', reason: 'ORDER_CHANGE', amount_minor: '1548' },
      ]);
      await sleepUntil(env, new Date(end.getTime() + DAY_MS));
      expect(await scenario.invoices(subscriptionId)).toHaveLength(1);

      await sleepUntil(env, new Date(Date.parse(addUtcYears(changedAt, 1)) + DAY_MS));
      const billed = await invoicesAtLeast(scenario, subscriptionId, 2);
      expect(amounts(billed)).toEqual([['3000'], ['30000']]);
      expect(billed[1]?.lines[0]).toMatchObject({
        type: 'SUBSCRIPTION',
        period_start: changedAt,
        period_end: addUtcYears(changedAt, 1),
      });
    });
  });

  test('yearly 360.00 → monthly 30.00 (the same price per day) waits for the year end, where monthly periods start', async () => {
    const { worker, taskQueue } = await scenarioWorker(env, scenario.realActivities());
    const start = nextLongMonthStart(await env.currentTimeMs());
    const yearEnd = addUtcMonths(start, 12);
    const customerId = await scenario.createCustomer();
    const yearlyId = await scenario.createPlan({ name: 'Yearly', amountMinor: 36_000n, interval: 'YEARLY' });
    const monthlyId = await scenario.createPlan({ name: 'Monthly', amountMinor: 3000n });
    const subscriptionId = await scenario.insertSubscription({
      customerId,
      planId: yearlyId,
      status: 'ACTIVE',
      periodStart: start,
      periodEnd: yearEnd,
    });
    await sleepUntil(env, start);
    await worker.runUntil(async () => {
      const handle = await scenario.startWorkflow({ subscriptionId, customerId, taskQueue });
      await invoicesCounted(scenario, subscriptionId, 1);
      await sleepUntil(env, new Date(start.getTime() + 100 * DAY_MS));
      await handle.executeUpdate(changeSubscriptionPlanUpdate, {
        args: [{ newPlan: planTerms(monthlyId, 'Monthly', '3000', 'MONTHLY') }],
      });
      expect(await scenario.subscription(subscriptionId)).toMatchObject({
        plan_id: yearlyId,
        pending_plan_id: monthlyId,
        billing_anchor: start.toISOString(),
        current_period_end: yearEnd.toISOString(),
      });
      expect(await scenario.invoices(subscriptionId)).toHaveLength(1);

      await sleepUntil(env, new Date(yearEnd.getTime() + DAY_MS));
      const renewed = await invoicesAtLeast(scenario, subscriptionId, 2);
      expect(amounts(renewed)).toEqual([['36000'], ['3000']]);
      expect(renewed[1]?.lines[0]).toMatchObject({
        type: 'SUBSCRIPTION',
        description: 'Monthly',
        period_start: yearEnd.toISOString(),
        period_end: addUtcMonths(yearEnd, 1).toISOString(),
      });
      expect(await scenario.subscription(subscriptionId)).toMatchObject({
        plan_id: monthlyId,
        pending_plan_id: null,
        billing_anchor: yearEnd.toISOString(),
        current_period_start: yearEnd.toISOString(),
        current_period_end: addUtcMonths(yearEnd, 1).toISOString(),
      });

      // The next month renews on the new calendar.
      await sleepUntil(env, new Date(addUtcMonths(yearEnd, 1).getTime() + DAY_MS));
      const next = await invoicesAtLeast(scenario, subscriptionId, 3);
      expect(amounts(next)).toEqual([['36000'], ['3000'], ['3000']]);
      expect(next[2]?.lines[0]).toMatchObject({ period_start: addUtcMonths(yearEnd, 1).toISOString() });
      expect(await scenario.creditNotes(subscriptionId)).toEqual([]);
    });
  });

  test('a change to a yearly plan during a trial bills nothing then; the trial converts onto the yearly calendar', async () => {
    const { worker, taskQueue } = await scenarioWorker(env, scenario.realActivities());
    const trialStart = nextLongMonthStart(await env.currentTimeMs());
    const trialEnd = new Date(trialStart.getTime() + 14 * DAY_MS);
    const customerId = await scenario.createCustomer();
    const monthlyId = await scenario.createPlan({ name: 'Monthly', amountMinor: 3000n });
    const yearlyId = await scenario.createPlan({ name: 'Yearly', amountMinor: 40_000n, interval: 'YEARLY' });
    const subscriptionId = await scenario.insertSubscription({
      customerId,
      planId: monthlyId,
      status: 'TRIALING',
      periodStart: trialStart,
      periodEnd: trialEnd,
    });
    await sleepUntil(env, trialStart);
    await worker.runUntil(async () => {
      const handle = await scenario.startWorkflow({ subscriptionId, customerId, taskQueue });
      await sleepUntil(env, new Date(trialStart.getTime() + 5 * DAY_MS));
      // 400.00 a year is more per day than 30.00 a month: an upgrade, applied now.
      await handle.executeUpdate(changeSubscriptionPlanUpdate, {
        args: [{ newPlan: planTerms(yearlyId, 'Yearly', '40000', 'YEARLY') }],
      });
      expect(await scenario.subscription(subscriptionId)).toMatchObject({
        status: 'TRIALING',
        plan_id: yearlyId,
        pending_plan_id: null,
        current_period_end: trialEnd.toISOString(),
      });
      expect(await scenario.invoices(subscriptionId)).toEqual([]);

      await sleepUntil(env, new Date(trialEnd.getTime() + DAY_MS));
      const invoices = await invoicesAtLeast(scenario, subscriptionId, 1);
      expect(amounts(invoices)).toEqual([['40000']]);
      expect(invoices[0]?.lines[0]).toMatchObject({
        type: 'SUBSCRIPTION',
        description: 'Yearly',
        period_start: trialEnd.toISOString(),
        period_end: addUtcYears(trialEnd, 1),
      });
      expect(await scenario.subscription(subscriptionId)).toMatchObject({
        status: 'ACTIVE',
        plan_id: yearlyId,
        billing_anchor: trialEnd.toISOString(),
        current_period_start: trialEnd.toISOString(),
        current_period_end: addUtcYears(trialEnd, 1),
      });
      expect(await scenario.creditNotes(subscriptionId)).toEqual([]);
    });
  });

  test('retried activities and a restarted workflow never bill the interval change twice', async () => {
    const real = scenario.realActivities();
    const { crashed, crashOnce } = crashAfterCommit();
    // Each activity commits, then its first attempt "crashes" before reporting success; Temporal retries it.
    const activities: Activities = {
      ...real,
      issuePeriodInvoice: crashOnce('issuePeriodInvoice', real.issuePeriodInvoice),
      issueIntervalChangeInvoice: crashOnce('issueIntervalChangeInvoice', real.issueIntervalChangeInvoice),
      writeLifecycleChange: crashOnce('writeLifecycleChange', real.writeLifecycleChange),
      // The change is one action: its whole transaction commits, then the attempt crashes and is retried.
      applyLifecycleAction: crashOnce('applyLifecycleAction', real.applyLifecycleAction),
    };
    const { worker, taskQueue } = await scenarioWorker(env, activities);
    const { start, customerId, subscriptionId, yearly } = await monthlyWithYearlyOffer();
    await worker.runUntil(async () => {
      const handle = await scenario.startWorkflow({ subscriptionId, customerId, taskQueue });
      await invoicesCounted(scenario, subscriptionId, 1);
      await sleepUntil(env, day16(start));
      await handle.executeUpdate(changeSubscriptionPlanUpdate, { args: [{ newPlan: yearly, effective: 'now' }] });
      const crashedNames = [...crashed].map((key) => key.slice(0, key.indexOf(':')));
      expect(crashedNames).toEqual(expect.arrayContaining(['applyLifecycleAction']));
      expect(amounts(await scenario.invoices(subscriptionId))).toEqual([['3000'], ['-1548', '30000']]);

      // A fresh workflow (the repair loop's restart) opens the stored yearly period: its base key finds the invoice.
      await handle.terminate('restart from the stored row');
      const restarted = await scenario.startWorkflow({ subscriptionId, customerId, taskQueue });
      const completedActivities = async () =>
        ((await restarted.fetchHistory()).events ?? []).filter((event) => event.activityTaskCompletedEventAttributes)
          .length;
      // loadSubscription, then the period's invoice.
      await waitFor(completedActivities, (count) => count >= 2);
      expect(amounts(await scenario.invoices(subscriptionId))).toEqual([['3000'], ['-1548', '30000']]);
      expect(await scenario.events(subscriptionId)).toEqual(['invoice.created', 'invoice.created']);
    });
  });
});
