import type { TestWorkflowEnvironment } from '@temporalio/testing';
import {
  addUtcMonths,
  useScenarioSuite,
  activeFromNextLongMonth,
  DAY_MS,
  scenarioWorker,
  sleepUntil,
  terms,
  type Scenario,
} from '../../test/scenarios/subscription-scenario';
import { invoicesAtLeast, invoicesCounted } from '../../test/scenarios/invoice-waits';
import { trialFromNextLongMonth } from '../../test/scenarios/subscription-trial';
import {
  cancelSubscriptionUpdate,
  changeSubscriptionPlanUpdate,
  pauseSubscriptionUpdate,
  resumeSubscriptionUpdate,
} from './messages';

/**
 * Paths of issue 5 that subscription-billing.int.test.ts leaves out: in-arrears billing (renewal, cancel, pause),
 * a paused trial, explicit `effective` on plan changes, and plan changes between billing timings.
 *
 * Proration (domain/subscriptions/proration.ts): whole calendar days in the customer's zone (UTC here); the day of a
 * change belongs to the new state, so a change on day 16 of a 31-day period leaves 15 used days to the old state and
 * 16 remaining to the new one. Each line is fee × days / 31 rounded once, half away from zero (CONTRACT §5).
 */

const amounts = (invoices: Awaited<ReturnType<Scenario['invoices']>>) =>
  invoices.map((invoice) => invoice.lines.map((line) => line.amount_minor));

describe('subscriptionWorkflow lifecycle paths (time-skipping, real activities and database)', () => {
  const suite = useScenarioSuite();
  let env: TestWorkflowEnvironment;
  let scenario: Scenario;
  beforeAll(() => {
    ({ env, scenario } = suite);
  });

  const activeFrom = (plan: Parameters<typeof activeFromNextLongMonth>[1]) => activeFromNextLongMonth(suite, plan);

  /** Day 16 of the period (the 16th, local = UTC): 15 days used, 16 remaining of 31. */
  const day16 = (start: Date) => new Date(start.getTime() + 15 * DAY_MS);

  const creditBalance = async (customerId: string): Promise<string> => {
    const [row] = await scenario.sql<{ balance: string }>(
      'select coalesce(sum(amount_minor), 0)::text as balance from $schema.customer_credit_entries where customer_id = ?',
      [customerId],
    );
    return row?.balance ?? '0';
  };

  test('in arrears: nothing at the period start, the whole fee invoiced at the period end with the period on the line', async () => {
    const { worker, taskQueue } = await scenarioWorker(env, scenario.realActivities());
    const { start, end, customerId, subscriptionId } = await activeFrom({ amountMinor: 10_000n, timing: 'IN_ARREARS' });
    await worker.runUntil(async () => {
      await scenario.startWorkflow({ subscriptionId, customerId, taskQueue });
      await sleepUntil(env, new Date(start.getTime() + DAY_MS));
      expect(await scenario.invoices(subscriptionId)).toEqual([]);

      // A day into the next period: the closed period is invoiced, the new one (also in arrears) is not.
      await sleepUntil(env, new Date(end.getTime() + DAY_MS));
      const invoices = await invoicesAtLeast(scenario, subscriptionId, 1);
      expect(invoices).toHaveLength(1);
      expect(invoices[0]).toMatchObject({ status: 'OPEN', total_minor: '10000', created_at: end.toISOString() });
      expect(invoices[0]?.lines).toEqual([
        {
          type: 'SUBSCRIPTION',
          description: 'Basic',
          amount_minor: '10000',
          period_start: start.toISOString(),
          period_end: end.toISOString(),
        },
      ]);
      expect(await scenario.subscription(subscriptionId)).toMatchObject({
        status: 'ACTIVE',
        current_period_start: end.toISOString(),
        current_period_end: addUtcMonths(start, 2).toISOString(),
      });
      expect(await scenario.events(subscriptionId)).toEqual(['invoice.created', 'subscription.renewed']);
    });
  });

  test('in arrears, cancel now on day 16 of 31: a final invoice of 100.00 × 15/31 = 48.39, CANCELED, no credit note', async () => {
    const { worker, taskQueue } = await scenarioWorker(env, scenario.realActivities());
    const { start, customerId, subscriptionId } = await activeFrom({ amountMinor: 10_000n, timing: 'IN_ARREARS' });
    await worker.runUntil(async () => {
      const handle = await scenario.startWorkflow({ subscriptionId, customerId, taskQueue });
      await sleepUntil(env, day16(start));
      expect(await scenario.invoices(subscriptionId)).toEqual([]);
      expect(await handle.executeUpdate(cancelSubscriptionUpdate, { args: [{ cancelAt: 'now' }] })).toEqual({
        status: 'CANCELED',
      });
      const row = await scenario.subscription(subscriptionId);
      expect(row.status).toBe('CANCELED');
      // Used: the 1st to the 15th. The 16th, the day of the cancel, belongs to the new state (canceled), so it is
      // not billed: 10000 × 15 / 31 = 4838.709… → 4839.
      const invoices = await scenario.invoices(subscriptionId);
      expect(invoices).toHaveLength(1);
      expect(invoices[0]).toMatchObject({ status: 'OPEN', total_minor: '4839' });
      expect(invoices[0]?.lines).toEqual([
        {
          type: 'PRORATION',
          description: 'Basic (15 of 31 days)',
          amount_minor: '4839',
          period_start: start.toISOString(),
          period_end: row.canceled_at,
        },
      ]);
      expect(await scenario.creditNotes(subscriptionId)).toEqual([]);
      expect(await scenario.events(subscriptionId)).toEqual(['invoice.created', 'subscription.canceled']);
      expect(await handle.result()).toEqual({ outcome: 'canceled' });
    });
  });

  test('in arrears, pause invoices the used days; resume opens a period at the resume instant, invoiced only at its end', async () => {
    const { worker, taskQueue } = await scenarioWorker(env, scenario.realActivities());
    const { start, customerId, subscriptionId } = await activeFrom({ amountMinor: 10_000n, timing: 'IN_ARREARS' });
    await worker.runUntil(async () => {
      const handle = await scenario.startWorkflow({ subscriptionId, customerId, taskQueue });
      await sleepUntil(env, day16(start));
      expect(await handle.executeUpdate(pauseSubscriptionUpdate)).toEqual({ status: 'PAUSED' });
      const paused = await scenario.subscription(subscriptionId);
      // 10000 × 15/31 = 4838.709… → 4839, up to the pause instant; nothing was paid ahead, so no credit note.
      expect(amounts(await scenario.invoices(subscriptionId))).toEqual([['4839']]);
      expect((await scenario.invoices(subscriptionId))[0]?.lines[0]).toMatchObject({
        type: 'PRORATION',
        period_start: start.toISOString(),
        period_end: paused.paused_at,
      });
      expect(await scenario.creditNotes(subscriptionId)).toEqual([]);

      // Paused across the old period's end: no invoice for the rest of it, no renewal.
      await sleepUntil(env, new Date(start.getTime() + 40 * DAY_MS));
      expect(await scenario.invoices(subscriptionId)).toHaveLength(1);
      const resumedAt = await env.currentTimeMs();
      expect(await handle.executeUpdate(resumeSubscriptionUpdate)).toEqual({ status: 'ACTIVE' });
      const resumed = await scenario.subscription(subscriptionId);
      const periodStart = String(resumed.current_period_start);
      expect(resumed).toMatchObject({ status: 'ACTIVE', paused_at: null, billing_anchor: periodStart });
      expect(Date.parse(periodStart)).toBeGreaterThanOrEqual(resumedAt);
      expect(Date.parse(periodStart)).toBeLessThan(resumedAt + DAY_MS);
      // In arrears: nothing at the resumed period's start.
      expect(await scenario.invoices(subscriptionId)).toHaveLength(1);

      const periodEnd = String(resumed.current_period_end);
      // Anniversary of the resume instant: same UTC wall time a month later (the resume falls on the 10th).
      const resumedStart = new Date(periodStart);
      const monthLater = new Date(resumedStart);
      monthLater.setUTCMonth(monthLater.getUTCMonth() + 1);
      expect(periodEnd).toBe(monthLater.toISOString());
      await sleepUntil(env, new Date(Date.parse(periodEnd) + DAY_MS));
      const invoices = await invoicesAtLeast(scenario, subscriptionId, 2);
      expect(amounts(invoices)).toEqual([['4839'], ['10000']]);
      expect(invoices[1]?.lines[0]).toMatchObject({
        type: 'SUBSCRIPTION',
        period_start: periodStart,
        period_end: periodEnd,
      });
      expect(await scenario.events(subscriptionId)).toEqual([
        'invoice.created',
        'subscription.paused',
        'subscription.resumed',
        'invoice.created',
        'subscription.renewed',
      ]);
    });
  });

  test('a trial can be paused (nothing invoiced or credited) and resumes into a paid period invoiced at once', async () => {
    const { worker, taskQueue } = await scenarioWorker(env, scenario.realActivities());
    const { trialStart, trialEnd, customerId, subscriptionId } = await trialFromNextLongMonth(suite, {
      amountMinor: 3000n,
      days: 14,
    });
    await sleepUntil(env, trialStart);
    await worker.runUntil(async () => {
      const handle = await scenario.startWorkflow({ subscriptionId, customerId, taskQueue });
      await sleepUntil(env, new Date(trialStart.getTime() + 5 * DAY_MS));
      expect(await handle.executeUpdate(pauseSubscriptionUpdate)).toEqual({ status: 'PAUSED' });
      expect(await scenario.subscription(subscriptionId)).toMatchObject({ status: 'PAUSED' });
      expect(await scenario.invoices(subscriptionId)).toEqual([]);
      expect(await scenario.creditNotes(subscriptionId)).toEqual([]);

      // Past the trial's end while paused: no conversion, no invoice.
      await sleepUntil(env, new Date(trialEnd.getTime() + 6 * DAY_MS));
      expect(await scenario.subscription(subscriptionId)).toMatchObject({ status: 'PAUSED' });
      expect(await scenario.invoices(subscriptionId)).toEqual([]);

      const resumedAt = await env.currentTimeMs();
      expect(await handle.executeUpdate(resumeSubscriptionUpdate)).toEqual({ status: 'ACTIVE' });
      const row = await scenario.subscription(subscriptionId);
      expect(Date.parse(String(row.current_period_start))).toBeGreaterThanOrEqual(resumedAt);
      const invoices = await scenario.invoices(subscriptionId);
      expect(invoices).toHaveLength(1);
      expect(invoices[0]?.lines).toEqual([
        {
          type: 'SUBSCRIPTION',
          description: 'Basic',
          amount_minor: '3000',
          period_start: row.current_period_start,
          period_end: row.current_period_end,
        },
      ]);
      expect(await scenario.events(subscriptionId)).toEqual([
        'subscription.paused',
        'subscription.resumed',
        'invoice.created',
      ]);
    });
  });

  test("an upgrade with effective 'period_end' waits: pendingPlanId, no proration invoice, the new fee at renewal", async () => {
    const { worker, taskQueue } = await scenarioWorker(env, scenario.realActivities());
    const { start, end, customerId, subscriptionId, planId } = await activeFrom({ amountMinor: 2900n });
    const proId = await scenario.createPlan({ name: 'Pro', amountMinor: 7900n });
    await worker.runUntil(async () => {
      const handle = await scenario.startWorkflow({ subscriptionId, customerId, taskQueue });
      await invoicesCounted(scenario, subscriptionId, 1);
      await sleepUntil(env, day16(start));
      const result = await handle.executeUpdate(changeSubscriptionPlanUpdate, {
        args: [{ newPlan: terms(proId, 'Pro', '7900'), effective: 'period_end' }],
      });
      expect(result).toEqual({ status: 'ACTIVE' });
      expect(await scenario.subscription(subscriptionId)).toMatchObject({ plan_id: planId, pending_plan_id: proId });
      expect(amounts(await scenario.invoices(subscriptionId))).toEqual([['2900']]);

      await sleepUntil(env, new Date(end.getTime() + DAY_MS));
      const invoices = await invoicesAtLeast(scenario, subscriptionId, 2);
      expect(amounts(invoices)).toEqual([['2900'], ['7900']]);
      expect(invoices[1]?.lines[0]).toMatchObject({ type: 'SUBSCRIPTION', period_start: end.toISOString() });
      expect(await scenario.subscription(subscriptionId)).toMatchObject({ plan_id: proId, pending_plan_id: null });
      expect(await scenario.creditNotes(subscriptionId)).toEqual([]);
    });
  });

  test("a downgrade with effective 'now' on day 16: credit −40.77 and charge 14.97, the −25.80 becomes customer credit", async () => {
    const { worker, taskQueue } = await scenarioWorker(env, scenario.realActivities());
    const { start, end, customerId, subscriptionId } = await activeFrom({ amountMinor: 7900n, name: 'Pro' });
    const basicId = await scenario.createPlan({ name: 'Basic', amountMinor: 2900n });
    await worker.runUntil(async () => {
      const handle = await scenario.startWorkflow({ subscriptionId, customerId, taskQueue });
      await invoicesCounted(scenario, subscriptionId, 1);
      await sleepUntil(env, day16(start));
      await handle.executeUpdate(changeSubscriptionPlanUpdate, {
        args: [{ newPlan: terms(basicId, 'Basic', '2900'), effective: 'now' }],
      });
      const row = await scenario.subscription(subscriptionId);
      expect(row).toMatchObject({ plan_id: basicId, pending_plan_id: null, current_period_start: start.toISOString() });
      expect(row.current_period_end).toBe(end.toISOString());
      // Credit: 7900 × 16/31 = 4077.419… → 4077; charge: 2900 × 16/31 = 1496.774… → 1497; total −2580.
      const invoices = await scenario.invoices(subscriptionId);
      expect(amounts(invoices)).toEqual([['7900'], ['-4077', '1497']]);
      const changedAt = invoices[1]?.created_at;
      expect(invoices[1]?.lines).toEqual([
        {
          type: 'PRORATION',
          description: 'Unused time on Pro (16 of 31 days)',
          amount_minor: '-4077',
          period_start: changedAt,
          period_end: end.toISOString(),
        },
        {
          type: 'PRORATION',
          description: 'Remaining time on Basic (16 of 31 days)',
          amount_minor: '1497',
          period_start: changedAt,
          period_end: end.toISOString(),
        },
      ]);
      // Nothing to collect: PAID at once, the excess granted as customer credit (docs/invoices.md, negative totals).
      expect(invoices[1]).toMatchObject({ status: 'PAID', total_minor: '-2580' });
      expect(await creditBalance(customerId)).toBe('2580');
      expect(await scenario.creditNotes(subscriptionId)).toEqual([]);

      // The renewal bills Basic in full; the credit covers 25.80 of it.
      await sleepUntil(env, new Date(end.getTime() + DAY_MS));
      const renewed = await invoicesAtLeast(scenario, subscriptionId, 3);
      expect(amounts(renewed)).toEqual([['7900'], ['-4077', '1497'], ['2900']]);
      expect(renewed[2]).toMatchObject({ status: 'OPEN', amount_credited_minor: '2580' });
      expect(await creditBalance(customerId)).toBe('0');
    });
  });

  test('in advance → in arrears now: the old plan credited 15.48 by credit note, the new one billed 51.61 at period end', async () => {
    const { worker, taskQueue } = await scenarioWorker(env, scenario.realActivities());
    const { start, end, customerId, subscriptionId } = await activeFrom({ amountMinor: 3000n });
    const meteredId = await scenario.createPlan({ name: 'Metered', amountMinor: 10_000n, timing: 'IN_ARREARS' });
    await worker.runUntil(async () => {
      const handle = await scenario.startWorkflow({ subscriptionId, customerId, taskQueue });
      const [base] = await invoicesCounted(scenario, subscriptionId, 1);
      await sleepUntil(env, day16(start));
      // A higher price per day: an upgrade, so the default `effective` is now.
      await handle.executeUpdate(changeSubscriptionPlanUpdate, {
        args: [{ newPlan: terms(meteredId, 'Metered', '10000', 'IN_ARREARS') }],
      });
      expect(await scenario.subscription(subscriptionId)).toMatchObject({ plan_id: meteredId, pending_plan_id: null });
      // Like a cancel now: 3000 × 16/31 = 1548.387… → 1548 credited on the base invoice; no invoice now.
      expect(await scenario.creditNotes(subscriptionId)).toEqual([
        { invoice_id: base?.id, status: 'FINALIZED', reason: 'ORDER_CHANGE', amount_minor: '1548' },
      ]);
      expect(amounts(await scenario.invoices(subscriptionId))).toEqual([['3000']]);
      const changedAt = (
        await scenario.sql<{ created_at: Date }>('select created_at from $schema.credit_notes where invoice_id = ?', [
          base?.id,
        ])
      )[0]?.created_at;

      await sleepUntil(env, new Date(end.getTime() + DAY_MS));
      const invoices = await invoicesAtLeast(scenario, subscriptionId, 2);
      // The new plan's 16 remaining days, in arrears: 10000 × 16/31 = 5161.290… → 5161. The next period (in
      // arrears too) is not invoiced at its start.
      expect(amounts(invoices)).toEqual([['3000'], ['5161']]);
      expect(invoices[1]).toMatchObject({ created_at: end.toISOString() });
      expect(invoices[1]?.lines).toEqual([
        {
          type: 'PRORATION',
          description: 'Metered (16 of 31 days)',
          amount_minor: '5161',
          period_start: new Date(String(changedAt)).toISOString(),
          period_end: end.toISOString(),
        },
      ]);
    });
  });

  test('in arrears → in advance now: the old plan invoiced 14.52 for its used days, the new one 40.77 for the rest at once', async () => {
    const { worker, taskQueue } = await scenarioWorker(env, scenario.realActivities());
    const { start, end, customerId, subscriptionId } = await activeFrom({ amountMinor: 3000n, timing: 'IN_ARREARS' });
    const proId = await scenario.createPlan({ name: 'Pro', amountMinor: 7900n });
    await worker.runUntil(async () => {
      const handle = await scenario.startWorkflow({ subscriptionId, customerId, taskQueue });
      await sleepUntil(env, day16(start));
      expect(await scenario.invoices(subscriptionId)).toEqual([]);
      await handle.executeUpdate(changeSubscriptionPlanUpdate, { args: [{ newPlan: terms(proId, 'Pro', '7900') }] });
      // Old plan, used days 1–15: 3000 × 15/31 = 1451.612… → 1452. New plan, days 16–31 paid ahead:
      // 7900 × 16/31 = 4077.419… → 4077.
      const invoices = await scenario.invoices(subscriptionId);
      expect(amounts(invoices)).toEqual([['1452'], ['4077']]);
      const changedAt = invoices[0]?.lines[0]?.period_end;
      expect(invoices.map((invoice) => invoice.lines[0])).toEqual([
        {
          type: 'PRORATION',
          description: 'Basic (15 of 31 days)',
          amount_minor: '1452',
          period_start: start.toISOString(),
          period_end: changedAt,
        },
        {
          type: 'PRORATION',
          description: 'Pro (16 of 31 days)',
          amount_minor: '4077',
          period_start: changedAt,
          period_end: end.toISOString(),
        },
      ]);
      expect(await scenario.creditNotes(subscriptionId)).toEqual([]);

      // At the period end nothing more for the old plan; the next period is Pro in advance.
      await sleepUntil(env, new Date(end.getTime() + DAY_MS));
      const renewed = await invoicesAtLeast(scenario, subscriptionId, 3);
      expect(amounts(renewed)).toEqual([['1452'], ['4077'], ['7900']]);
      expect(renewed[2]?.lines[0]).toMatchObject({ type: 'SUBSCRIPTION', period_start: end.toISOString() });
    });
  });
});
