import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Orm } from '../../infra/db/orm';
import { applyCoupon } from '../../services/catalog/coupons';
import { createCoupon } from '../../services/catalog/coupons';
import { tenantSql } from '../../infra/db/tenant-sql';
import {
  addUtcMonths,
  useScenarioSuite,
  activeFromNextLongMonth,
  DAY_MS,
  nextLongMonthStart,
  rejectionType,
  scenarioWorker,
  sleepUntil,
  terms,
  waitFor,
  type Scenario,
} from '../../test/scenarios/subscription-scenario';
import { invoicesAtLeast, invoicesCounted } from '../../test/scenarios/invoice-waits';
import { trialFromNextLongMonth } from '../../test/scenarios/subscription-trial';
import {
  cancelSubscriptionUpdate,
  changeSubscriptionPlanUpdate,
  clearPastDueSignal,
  INVALID_STATE_TRANSITION,
  markPastDueSignal,
  pauseSubscriptionUpdate,
  resumeSubscriptionUpdate,
  subscriptionStatusQuery,
  undoCancelSubscriptionUpdate,
} from './messages';

const amounts = (invoices: Awaited<ReturnType<Scenario['invoices']>>) =>
  invoices.map((invoice) => invoice.lines.map((line) => line.amount_minor));

describe('subscriptionWorkflow billing (time-skipping, real activities and database)', () => {
  const suite = useScenarioSuite();
  let env: TestWorkflowEnvironment;
  let scenario: Scenario;
  let orm: Orm;
  let tenantId: string;
  beforeAll(() => {
    ({ env, scenario, orm, tenantId } = suite);
  });

  const activeFrom = (plan: Parameters<typeof activeFromNextLongMonth>[1]) => activeFromNextLongMonth(suite, plan);

  test('renews three times: one invoice per period start with the exact period, and subscription.renewed', async () => {
    const { worker, taskQueue } = await scenarioWorker(env, scenario.realActivities());
    const { start, customerId, subscriptionId } = await activeFrom({ amountMinor: 3000n });
    await worker.runUntil(async () => {
      await scenario.startWorkflow({ subscriptionId, customerId, taskQueue });
      await sleepUntil(env, new Date(addUtcMonths(start, 3).getTime() + DAY_MS));
      const invoices = await invoicesAtLeast(scenario, subscriptionId, 4);
      expect(invoices.map((invoice) => [invoice.status, invoice.total_minor])).toEqual([
        ['OPEN', '3000'],
        ['OPEN', '3000'],
        ['OPEN', '3000'],
        ['OPEN', '3000'],
      ]);
      expect(invoices.map((invoice) => invoice.lines[0]?.period_start)).toEqual(
        [0, 1, 2, 3].map((months) => addUtcMonths(start, months).toISOString()),
      );
      const row = await scenario.subscription(subscriptionId);
      expect(row.current_period_start).toBe(addUtcMonths(start, 3).toISOString());
      expect(row.current_period_end).toBe(addUtcMonths(start, 4).toISOString());
      // Each renewal is recorded before the new period's invoice, in order.
      expect(await scenario.events(subscriptionId)).toEqual([
        'invoice.created',
        'subscription.renewed',
        'invoice.created',
        'subscription.renewed',
        'invoice.created',
        'subscription.renewed',
        'invoice.created',
      ]);
    });
  });

  test('cancel now on a 30.00 in-advance plan on day 16 of 31 credits 15.48 in a FINALIZED ORDER_CHANGE note', async () => {
    const { worker, taskQueue } = await scenarioWorker(env, scenario.realActivities());
    const { start, customerId, subscriptionId } = await activeFrom({ amountMinor: 3000n });
    await worker.runUntil(async () => {
      const handle = await scenario.startWorkflow({ subscriptionId, customerId, taskQueue });
      await invoicesCounted(scenario, subscriptionId, 1);
      await sleepUntil(env, new Date(start.getTime() + 15 * DAY_MS));
      const result = await handle.executeUpdate(cancelSubscriptionUpdate, { args: [{ cancelAt: 'now' }] });
      expect(result).toEqual({ status: 'CANCELED' });
      expect(await scenario.creditNotes(subscriptionId)).toEqual([
        expect.objectContaining({ status: 'FINALIZED', reason: 'ORDER_CHANGE', amount_minor: '1548' }),
      ]);
      const row = await scenario.subscription(subscriptionId);
      expect(row.status).toBe('CANCELED');
      expect(row.canceled_at).not.toBeNull();
      expect(await handle.result()).toEqual({ outcome: 'canceled' });
      await expect(handle.executeUpdate(cancelSubscriptionUpdate, { args: [{ cancelAt: 'now' }] })).rejects.toThrow();
    });
  });

  test('cancel now after a 20% coupon credits the unused part of what was charged: 24.00 × 16/31 = 12.39', async () => {
    const { worker, taskQueue } = await scenarioWorker(env, scenario.realActivities());
    const { start, customerId, subscriptionId } = await activeFrom({ amountMinor: 3000n });
    const store = tenantSql(orm, tenantId);
    const coupon = await createCoupon(store, {
      code: `TWENTY${subscriptionId.slice(-6)}`,
      name: '20% off',
      description: null,
      terms: { discountType: 'PERCENTAGE', percentage: '20' },
      frequency: 'FOREVER',
      frequencyDuration: null,
      expiresAt: null,
      maxRedemptions: null,
      planIds: [],
      isActive: true,
    });
    if (!coupon.ok) throw new Error(`coupon refused: ${JSON.stringify(coupon.error)}`);
    expect((await applyCoupon(store, { coupon: { couponId: coupon.value.id }, customerId, now: new Date() })).ok).toBe(
      true,
    );
    await worker.runUntil(async () => {
      const handle = await scenario.startWorkflow({ subscriptionId, customerId, taskQueue });
      const [opening] = await invoicesCounted(scenario, subscriptionId, 1);
      expect(opening?.total_minor).toBe('2400');
      await sleepUntil(env, new Date(start.getTime() + 15 * DAY_MS));
      await handle.executeUpdate(cancelSubscriptionUpdate, { args: [{ cancelAt: 'now' }] });
      expect(await scenario.creditNotes(subscriptionId)).toEqual([expect.objectContaining({ amount_minor: '1239' })]);
    });
  });

  test('upgrade 29.00 → 79.00 on day 16: one proration invoice −14.97 + 40.77 = 25.80, anchor unchanged', async () => {
    const { worker, taskQueue } = await scenarioWorker(env, scenario.realActivities());
    const { start, customerId, subscriptionId } = await activeFrom({ amountMinor: 2900n });
    const proId = await scenario.createPlan({ name: 'Pro', amountMinor: 7900n });
    const pro = terms(proId, 'Pro', '7900');
    await worker.runUntil(async () => {
      const handle = await scenario.startWorkflow({ subscriptionId, customerId, taskQueue });
      await invoicesCounted(scenario, subscriptionId, 1);
      await sleepUntil(env, new Date(start.getTime() + 15 * DAY_MS));
      await handle.executeUpdate(changeSubscriptionPlanUpdate, { args: [{ newPlan: pro }] });
      const invoices = await scenario.invoices(subscriptionId);
      expect(amounts(invoices)).toEqual([['2900'], ['-1497', '4077']]);
      expect(invoices[1]?.total_minor).toBe('2580');
      expect(invoices[1]?.lines.map((line) => line.type)).toEqual(['PRORATION', 'PRORATION']);
      const row = await scenario.subscription(subscriptionId);
      expect(row).toMatchObject({ plan_id: proId, pending_plan_id: null, current_period_start: start.toISOString() });
      expect(row.current_period_end).toBe(addUtcMonths(start, 1).toISOString());
    });
  });

  test('downgrade waits for the period end: pendingPlanId until the renewal, which bills the new plan', async () => {
    const { worker, taskQueue } = await scenarioWorker(env, scenario.realActivities());
    const { start, customerId, subscriptionId, planId } = await activeFrom({ amountMinor: 7900n, name: 'Pro' });
    const basicId = await scenario.createPlan({ name: 'Basic', amountMinor: 2900n });
    await worker.runUntil(async () => {
      const handle = await scenario.startWorkflow({ subscriptionId, customerId, taskQueue });
      await invoicesCounted(scenario, subscriptionId, 1);
      await sleepUntil(env, new Date(start.getTime() + 10 * DAY_MS));
      await handle.executeUpdate(changeSubscriptionPlanUpdate, {
        args: [{ newPlan: terms(basicId, 'Basic', '2900') }],
      });
      expect(await scenario.subscription(subscriptionId)).toMatchObject({ plan_id: planId, pending_plan_id: basicId });
      expect(await scenario.invoices(subscriptionId)).toHaveLength(1);
      await sleepUntil(env, new Date(addUtcMonths(start, 1).getTime() + DAY_MS));
      const invoices = await invoicesCounted(scenario, subscriptionId, 2);
      expect(amounts(invoices)).toEqual([['7900'], ['2900']]);
      expect(await scenario.subscription(subscriptionId)).toMatchObject({ plan_id: basicId, pending_plan_id: null });
    });
  });

  test('an in-arrears 100.00 plan changed on day 15 invoices 45.16 for the old plan now, the new one at period end', async () => {
    const { worker, taskQueue } = await scenarioWorker(env, scenario.realActivities());
    const { start, customerId, subscriptionId } = await activeFrom({ amountMinor: 10_000n, timing: 'IN_ARREARS' });
    const biggerId = await scenario.createPlan({ name: 'Bigger', amountMinor: 31_000n, timing: 'IN_ARREARS' });
    await worker.runUntil(async () => {
      const handle = await scenario.startWorkflow({ subscriptionId, customerId, taskQueue });
      await sleepUntil(env, new Date(start.getTime() + 14 * DAY_MS));
      expect(await scenario.invoices(subscriptionId)).toEqual([]);
      await handle.executeUpdate(changeSubscriptionPlanUpdate, {
        args: [{ newPlan: terms(biggerId, 'Bigger', '31000', 'IN_ARREARS') }],
      });
      expect(amounts(await scenario.invoices(subscriptionId))).toEqual([['4516']]);
      await sleepUntil(env, new Date(addUtcMonths(start, 1).getTime() + DAY_MS));
      // 310.00 × 17/31 = 170.00 for the rest of the period on the new plan.
      const invoices = await invoicesCounted(scenario, subscriptionId, 2);
      expect(amounts(invoices)).toEqual([['4516'], ['17000']]);
    });
  });

  test('cancel at period end: cancelAt set, no renewal invoice, CANCELED at the period end; again is 409', async () => {
    const { worker, taskQueue } = await scenarioWorker(env, scenario.realActivities());
    const { start, customerId, subscriptionId } = await activeFrom({ amountMinor: 3000n });
    const end = addUtcMonths(start, 1);
    await worker.runUntil(async () => {
      const handle = await scenario.startWorkflow({ subscriptionId, customerId, taskQueue });
      await invoicesCounted(scenario, subscriptionId, 1);
      await sleepUntil(env, new Date(start.getTime() + 3 * DAY_MS));
      const result = await handle.executeUpdate(cancelSubscriptionUpdate, { args: [{ cancelAt: 'period_end' }] });
      expect(result).toEqual({ status: 'ACTIVE' });
      expect(await scenario.subscription(subscriptionId)).toMatchObject({ cancel_at: end.toISOString() });
      expect(
        await rejectionType(handle.executeUpdate(cancelSubscriptionUpdate, { args: [{ cancelAt: 'period_end' }] })),
      ).toBe(INVALID_STATE_TRANSITION);
      expect(await handle.result()).toEqual({ outcome: 'canceled' });
      expect(await scenario.subscription(subscriptionId)).toMatchObject({
        status: 'CANCELED',
        canceled_at: end.toISOString(),
      });
      expect(await scenario.invoices(subscriptionId)).toHaveLength(1);
      expect(await scenario.events(subscriptionId)).toEqual(['invoice.created', 'subscription.canceled']);
      // The workflow has ended: Temporal refuses any update (the API answers 409 from the stored CANCELED status).
      await expect(handle.executeUpdate(cancelSubscriptionUpdate, { args: [{ cancelAt: 'now' }] })).rejects.toThrow();
    });
  });

  test('undoing a cancel at period end clears cancelAt and the period renews; with none scheduled it is 409', async () => {
    const { worker, taskQueue } = await scenarioWorker(env, scenario.realActivities());
    const { start, customerId, subscriptionId } = await activeFrom({ amountMinor: 3000n });
    await worker.runUntil(async () => {
      const handle = await scenario.startWorkflow({ subscriptionId, customerId, taskQueue });
      await invoicesCounted(scenario, subscriptionId, 1);
      await sleepUntil(env, new Date(start.getTime() + 3 * DAY_MS));
      expect(await rejectionType(handle.executeUpdate(undoCancelSubscriptionUpdate))).toBe(INVALID_STATE_TRANSITION);
      await handle.executeUpdate(cancelSubscriptionUpdate, { args: [{ cancelAt: 'period_end' }] });
      expect(await handle.executeUpdate(undoCancelSubscriptionUpdate)).toEqual({ status: 'ACTIVE' });
      expect(await scenario.subscription(subscriptionId)).toMatchObject({ cancel_at: null, status: 'ACTIVE' });
      expect(await rejectionType(handle.executeUpdate(undoCancelSubscriptionUpdate))).toBe(INVALID_STATE_TRANSITION);
      await sleepUntil(env, new Date(addUtcMonths(start, 1).getTime() + DAY_MS));
      const invoices = await invoicesCounted(scenario, subscriptionId, 2);
      expect(amounts(invoices)).toEqual([['3000'], ['3000']]);
      expect((await scenario.subscription(subscriptionId)).status).toBe('ACTIVE');
      expect(await scenario.events(subscriptionId)).toEqual([
        'invoice.created',
        'subscription.renewed',
        'invoice.created',
      ]);
    });
  });

  test('pause credits the unused days and stops renewals; resume opens a period at the resume instant', async () => {
    const { worker, taskQueue } = await scenarioWorker(env, scenario.realActivities());
    const { start, customerId, subscriptionId } = await activeFrom({ amountMinor: 3000n });
    await worker.runUntil(async () => {
      const handle = await scenario.startWorkflow({ subscriptionId, customerId, taskQueue });
      await invoicesCounted(scenario, subscriptionId, 1);
      await sleepUntil(env, new Date(start.getTime() + 15 * DAY_MS));
      expect(await handle.executeUpdate(pauseSubscriptionUpdate)).toEqual({ status: 'PAUSED' });
      expect(await scenario.creditNotes(subscriptionId)).toEqual([expect.objectContaining({ amount_minor: '1548' })]);
      expect(await rejectionType(handle.executeUpdate(pauseSubscriptionUpdate))).toBe(INVALID_STATE_TRANSITION);
      // Two months paused: no renewal invoice.
      await sleepUntil(env, addUtcMonths(start, 3));
      expect(await scenario.invoices(subscriptionId)).toHaveLength(1);
      const resumedAt = await env.currentTimeMs();
      expect(await handle.executeUpdate(resumeSubscriptionUpdate)).toEqual({ status: 'ACTIVE' });
      const invoices = await scenario.invoices(subscriptionId);
      expect(amounts(invoices)).toEqual([['3000'], ['3000']]);
      const row = await scenario.subscription(subscriptionId);
      expect(row).toMatchObject({ status: 'ACTIVE', paused_at: null });
      const periodStart = Date.parse(String(row.current_period_start));
      expect(periodStart).toBeGreaterThanOrEqual(resumedAt);
      expect(invoices[1]?.lines[0]?.period_start).toBe(row.current_period_start);
      expect(await rejectionType(handle.executeUpdate(resumeSubscriptionUpdate))).toBe(INVALID_STATE_TRANSITION);
      expect(await scenario.events(subscriptionId)).toEqual([
        'invoice.created',
        'subscription.paused',
        'subscription.resumed',
        'invoice.created',
      ]);
    });
  });

  test('past due (signalled by payments): one event, renewals go on in PAST_DUE, cleared back to ACTIVE; a paused one ignores it', async () => {
    const { worker, taskQueue } = await scenarioWorker(env, scenario.realActivities());
    const { start, customerId, subscriptionId } = await activeFrom({ amountMinor: 3000n });
    const status = async () => (await scenario.subscription(subscriptionId)).status;
    await worker.runUntil(async () => {
      const handle = await scenario.startWorkflow({ subscriptionId, customerId, taskQueue });
      await invoicesCounted(scenario, subscriptionId, 1);
      await sleepUntil(env, new Date(start.getTime() + 10 * DAY_MS));
      await handle.signal(markPastDueSignal);
      await handle.signal(markPastDueSignal);
      expect(await waitFor(status, (value) => value === 'PAST_DUE')).toBe('PAST_DUE');
      expect(await handle.query(subscriptionStatusQuery)).toEqual({ status: 'PAST_DUE' });

      await sleepUntil(env, new Date(addUtcMonths(start, 1).getTime() + DAY_MS));
      const invoices = await invoicesCounted(scenario, subscriptionId, 2);
      expect(amounts(invoices)).toEqual([['3000'], ['3000']]);
      expect(await scenario.subscription(subscriptionId)).toMatchObject({
        status: 'PAST_DUE',
        current_period_start: addUtcMonths(start, 1).toISOString(),
      });

      await handle.signal(clearPastDueSignal);
      expect(await waitFor(status, (value) => value === 'ACTIVE')).toBe('ACTIVE');
      expect(await handle.executeUpdate(pauseSubscriptionUpdate)).toEqual({ status: 'PAUSED' });
      await handle.signal(markPastDueSignal);
      // Commands run in arrival order: once the resume answers, the refused signal has been dealt with.
      expect(await handle.executeUpdate(resumeSubscriptionUpdate)).toEqual({ status: 'ACTIVE' });
      expect(await status()).toBe('ACTIVE');
      expect(await scenario.events(subscriptionId)).toEqual([
        'invoice.created',
        'subscription.past_due',
        'subscription.renewed',
        'invoice.created',
        'subscription.paused',
        'subscription.resumed',
        'invoice.created',
      ]);
    });
  });

  test('a trial invoices nothing and converts to ACTIVE at its end, where the first paid period starts', async () => {
    const { worker, taskQueue } = await scenarioWorker(env, scenario.realActivities());
    const { trialStart, trialEnd, customerId, subscriptionId } = await trialFromNextLongMonth(suite, {
      amountMinor: 3000n,
      days: 14,
    });
    await worker.runUntil(async () => {
      const handle = await scenario.startWorkflow({ subscriptionId, customerId, taskQueue });
      await sleepUntil(env, new Date(trialStart.getTime() + 13 * DAY_MS));
      expect(await scenario.invoices(subscriptionId)).toEqual([]);
      expect(await handle.query('status')).toEqual({ status: 'TRIALING' });
      await sleepUntil(env, new Date(trialEnd.getTime() + DAY_MS));
      const invoices = await invoicesCounted(scenario, subscriptionId, 1);
      expect(invoices[0]?.lines[0]).toMatchObject({
        type: 'SUBSCRIPTION',
        amount_minor: '3000',
        period_start: trialEnd.toISOString(),
        period_end: addUtcMonths(trialEnd, 1).toISOString(),
      });
      expect(await scenario.subscription(subscriptionId)).toMatchObject({
        status: 'ACTIVE',
        billing_anchor: trialEnd.toISOString(),
        current_period_start: trialEnd.toISOString(),
      });
    });
  });

  test('a grace period holds the period invoice as DRAFT; the workflow finalizes it when the grace period ends', async () => {
    const { worker, taskQueue } = await scenarioWorker(env, scenario.realActivities());
    const start = nextLongMonthStart(await env.currentTimeMs());
    const customerId = await scenario.createCustomer();
    const planId = await scenario.createPlan({ name: 'Basic', amountMinor: 3000n, gracePeriodDays: 3 });
    const subscriptionId = await scenario.insertSubscription({
      customerId,
      planId,
      status: 'ACTIVE',
      periodStart: start,
      periodEnd: addUtcMonths(start, 1),
    });
    await sleepUntil(env, start);
    await worker.runUntil(async () => {
      await scenario.startWorkflow({ subscriptionId, customerId, taskQueue });
      const [draft] = await invoicesCounted(scenario, subscriptionId, 1);
      expect(draft).toMatchObject({ status: 'DRAFT', number: null });
      await sleepUntil(env, new Date(start.getTime() + 2 * DAY_MS));
      expect((await scenario.invoices(subscriptionId))[0]?.status).toBe('DRAFT');
      await sleepUntil(env, new Date(start.getTime() + 3 * DAY_MS + 60_000));
      const [finalized] = await waitFor(
        () => scenario.invoices(subscriptionId),
        (list) => list[0]?.status === 'OPEN',
      );
      expect(finalized?.status).toBe('OPEN');
      expect(finalized?.number).toMatch(/^INV-\d{4}-\d{6}$/);
    });
  });

  test('cancel after an upgrade credits the unused days of the new plan, newest invoice first, never past an invoice', async () => {
    const { worker, taskQueue } = await scenarioWorker(env, scenario.realActivities());
    const { start, customerId, subscriptionId } = await activeFrom({ amountMinor: 2900n });
    const proId = await scenario.createPlan({ name: 'Pro', amountMinor: 7900n });
    await worker.runUntil(async () => {
      const handle = await scenario.startWorkflow({ subscriptionId, customerId, taskQueue });
      await invoicesCounted(scenario, subscriptionId, 1);
      await sleepUntil(env, new Date(start.getTime() + 15 * DAY_MS));
      await handle.executeUpdate(changeSubscriptionPlanUpdate, { args: [{ newPlan: terms(proId, 'Pro', '7900') }] });
      await sleepUntil(env, new Date(start.getTime() + 20 * DAY_MS));
      await handle.executeUpdate(cancelSubscriptionUpdate, { args: [{ cancelAt: 'now' }] });
      // 79.00 × 11/31 = 28.03 (within the 40.77 the period invoiced for Pro): 25.80 fills the proration invoice,
      // the base invoice takes the other 2.23.
      const [base, proration] = await scenario.invoices(subscriptionId);
      expect(await scenario.creditNotes(subscriptionId)).toEqual([
        expect.objectContaining({ invoice_id: proration?.id, amount_minor: '2580', status: 'FINALIZED' }),
        expect.objectContaining({ invoice_id: base?.id, amount_minor: '223', status: 'FINALIZED' }),
      ]);
    });
  });

  test('a workflow whose subscription row does not exist ends without billing anything', async () => {
    const { worker, taskQueue } = await scenarioWorker(env, scenario.realActivities());
    const customerId = await scenario.createCustomer();
    const missing = 'sub_01KAAAAAAAAAAAAAAAAAAAAAAA';
    await worker.runUntil(async () => {
      const handle = await scenario.startWorkflow({ subscriptionId: missing, customerId, taskQueue });
      expect(await handle.result()).toEqual({ outcome: 'not_found' });
    });
    expect(await scenario.invoices(missing)).toEqual([]);
  });
});
