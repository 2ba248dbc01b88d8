import type { WorkflowHandleWithFirstExecutionRunId } from '@temporalio/client';
import type { History } from '@temporalio/common/lib/proto-utils';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Worker } from '@temporalio/worker';
import { createFakeActivities, type FakeActivities } from '../../test/fakes/fake-activities';
import {
  nextLongMonthOnServer,
  storedActiveSnapshot,
  useFakeSubscriptionSuite,
} from '../../test/fakes/fake-subscription-suite';
import {
  addUtcMonths,
  DAY_MS,
  rejectionType,
  sleepUntil,
  terms,
  waitFor,
} from '../../test/scenarios/subscription-scenario';
import {
  cancelSubscriptionUpdate,
  type CancelRequest,
  changeSubscriptionPlanUpdate,
  INVALID_STATE_TRANSITION,
  pauseSubscriptionUpdate,
  resumeSubscriptionUpdate,
  subscriptionStatusQuery,
} from './messages';
import type { subscriptionWorkflow } from './subscription.workflow';
import type { SubscriptionSnapshot } from './wire';

/**
 * The subscription workflow on the time-skipping server with in-memory activities (test/fakes/fake-activities.ts): no
 * database, so each test takes seconds. They assert what the workflow asked the activities to do, with which amounts
 * (strings of minor units) and instants (ISO); the real activities and their SQL have tests of their own
 * (subscription-billing.int.test.ts and its neighbours run the same lifecycle on PostgreSQL).
 */

const TENANT_ID = 'ten_fake';
const CUSTOMER_ID = 'cus_fake';
const BASIC = terms('plan_basic', 'Basic', '3000');
const PRO = terms('plan_pro', 'Pro', '6000');

const isWorkflowTaskEvent = (event: NonNullable<History['events']>[number]): boolean =>
  event.workflowTaskScheduledEventAttributes != null ||
  event.workflowTaskStartedEventAttributes != null ||
  event.workflowTaskCompletedEventAttributes != null;

describe('subscriptionWorkflow with fake activities (time-skipping, no database)', () => {
  const { suite, startSubscriptionWorkflow } = useFakeSubscriptionSuite();
  let env: TestWorkflowEnvironment;
  let subscriptions = 0;
  beforeAll(() => {
    ({ env } = suite);
  });

  /** A stored subscription whose current period is the next 31-day UTC month; the server's clock moves to its start. */
  async function storedSubscription(overrides: Partial<SubscriptionSnapshot> = {}) {
    const { start, end } = await nextLongMonthOnServer(env);
    const snapshot = storedActiveSnapshot({ start, end }, { customerId: CUSTOMER_ID, plan: BASIC, ...overrides });
    return { start, end, snapshot };
  }

  interface Running {
    fake: FakeActivities;
    worker: Worker;
    handle: WorkflowHandleWithFirstExecutionRunId<typeof subscriptionWorkflow>;
    subscriptionId: string;
  }

  /** Starts the workflow as the API does, with a worker of its own on the fake activities (run it with runUntil). */
  async function startWorkflow(snapshot: SubscriptionSnapshot, usageMinor?: bigint): Promise<Running> {
    const fake = createFakeActivities({
      subscription: { snapshot, ...(usageMinor === undefined ? {} : { usageMinor }) },
    });
    subscriptions += 1;
    const subscriptionId = `sub_fake_${subscriptions}`;
    const { worker, handle } = await startSubscriptionWorkflow({
      fake,
      queue: 'subscription-fake',
      workflowInput: { tenantId: TENANT_ID, subscriptionId },
    });
    return { fake, worker, handle, subscriptionId };
  }

  /** Activities run in real time after a skip: wait (really) until the workflow has made `count` calls. */
  const callsMade = (fake: FakeActivities, count: number) =>
    waitFor(
      () => Promise.resolve(fake.log.names()),
      (names) => names.length >= count,
    );

  /** The history once the workflow waits on a timer (its last event): nothing of its own is still to come. */
  const sleepingOnTimer = (handle: Running['handle']) =>
    waitFor(
      async () => (await handle.fetchHistory()).events ?? [],
      (events) => events.at(-1)?.timerStartedEventAttributes != null,
    );

  /** An instant the workflow took from its own clock: at `at` or a little after (the server's clock runs on). */
  function expectInstantSoonAfter(iso: string | undefined, at: Date): void {
    const offsetMs = Date.parse(iso ?? '') - at.getTime();
    expect(offsetMs).toBeGreaterThanOrEqual(0);
    expect(offsetMs).toBeLessThan(60_000);
  }

  const billingRef = (subscriptionId: string) => ({
    tenantId: TENANT_ID,
    subscriptionId,
    customerId: CUSTOMER_ID,
    currency: 'USD',
    timeZone: 'UTC',
  });

  test('bills the first period in advance at the start: the whole fee, keyed on the period', async () => {
    const { start, end, snapshot } = await storedSubscription();
    const { fake, worker, handle, subscriptionId } = await startWorkflow(snapshot);
    await worker.runUntil(async () => {
      await callsMade(fake, 2);
      expect(fake.log.names()).toEqual(['loadSubscription', 'issuePeriodInvoice']);
      expect(fake.log.inputsOf('loadSubscription')).toEqual([{ tenantId: TENANT_ID, subscriptionId }]);
      const [invoice] = fake.log.inputsOf('issuePeriodInvoice');
      const period = { start: start.toISOString(), end: end.toISOString() };
      expect(invoice).toEqual({
        ...billingRef(subscriptionId),
        plan: BASIC,
        period,
        segment: period,
        idempotencyKey: `${subscriptionId}:${start.toISOString()}:base`,
        now: expect.any(String) as unknown,
      });
      expectInstantSoonAfter(invoice?.now, start);
      expect(await handle.query(subscriptionStatusQuery)).toEqual({ status: 'ACTIVE' });
    });
  });

  test('renews after one period: the next period from the calendar, subscription.renewed, its invoice, continue-as-new', async () => {
    const { start, end, snapshot } = await storedSubscription();
    const next = addUtcMonths(start, 2);
    const { fake, worker, handle, subscriptionId } = await startWorkflow(snapshot);
    await worker.runUntil(async () => {
      await callsMade(fake, 2);
      await sleepUntil(env, new Date(end.getTime() + DAY_MS));
      await callsMade(fake, 7);
      // The renewal is one action: its calendar first, then its steps in one transaction.
      expect(fake.log.names()).toEqual([
        'loadSubscription',
        'issuePeriodInvoice',
        'findBillingPeriod',
        'applyLifecycleAction',
        'issueUsageInvoice',
        'writeLifecycleChange',
        'issuePeriodInvoice',
      ]);
      // In advance, the period's usage closes at its end on an invoice of its own, keyed on the segment.
      expect(fake.log.inputsOf('issueUsageInvoice')).toEqual([
        {
          ...billingRef(subscriptionId),
          planId: BASIC.planId,
          period: { start: start.toISOString(), end: end.toISOString() },
          segment: { start: start.toISOString(), end: end.toISOString() },
          idempotencyKey: `${subscriptionId}:${start.toISOString()}:usage:${start.toISOString()}`,
          now: end.toISOString(),
        },
      ]);
      expect(fake.log.inputsOf('findBillingPeriod')).toEqual([
        { anchor: start.toISOString(), interval: 'MONTHLY', timeZone: 'UTC', at: end.toISOString() },
      ]);
      expect(fake.log.inputsOf('writeLifecycleChange')).toEqual([
        {
          tenantId: TENANT_ID,
          subscriptionId,
          change: {
            status: 'ACTIVE',
            billingAnchor: start.toISOString(),
            currentPeriodStart: end.toISOString(),
            currentPeriodEnd: next.toISOString(),
            planId: BASIC.planId,
            pendingPlanId: null,
          },
          event: 'subscription.renewed',
          now: end.toISOString(),
        },
      ]);
      const renewal = { start: end.toISOString(), end: next.toISOString() };
      expect(fake.log.inputsOf('issuePeriodInvoice')[1]).toEqual({
        ...billingRef(subscriptionId),
        plan: BASIC,
        period: renewal,
        segment: renewal,
        idempotencyKey: `${subscriptionId}:${end.toISOString()}:base`,
        now: end.toISOString(),
      });
      // The first run ends at the renewal; the next starts from the carried state (no second load).
      const firstRun = env.client.workflow.getHandle(handle.workflowId, handle.firstExecutionRunId);
      const firstStatus = await waitFor(
        async () => (await firstRun.describe()).status.name,
        (status) => status !== 'RUNNING',
      );
      expect(firstStatus).toBe('CONTINUED_AS_NEW');
      expect(await handle.query(subscriptionStatusQuery)).toEqual({ status: 'ACTIVE' });
    });
  });

  test('a trial bills no fee, its usage at its end, then converts: ACTIVE, first paid period anchored at the trial end', async () => {
    const { start, snapshot } = await storedSubscription();
    const trialEnd = new Date(start.getTime() + 14 * DAY_MS);
    const { fake, worker, subscriptionId } = await startWorkflow({
      ...snapshot,
      status: 'TRIALING',
      currentPeriodEnd: trialEnd.toISOString(),
      trialEnd: trialEnd.toISOString(),
    });
    await worker.runUntil(async () => {
      await callsMade(fake, 1);
      await sleepUntil(env, new Date(trialEnd.getTime() - DAY_MS));
      expect(fake.log.names()).toEqual(['loadSubscription']);

      await sleepUntil(env, new Date(trialEnd.getTime() + DAY_MS));
      await callsMade(fake, 6);
      const paidEnd = addUtcMonths(trialEnd, 1);
      expect(fake.log.names()).toEqual([
        'loadSubscription',
        'findBillingPeriod',
        'applyLifecycleAction',
        'issueUsageInvoice',
        'writeLifecycleChange',
        'issuePeriodInvoice',
      ]);
      expect(fake.log.inputsOf('issueUsageInvoice')).toMatchObject([
        {
          planId: BASIC.planId,
          period: { start: start.toISOString(), end: trialEnd.toISOString() },
          segment: { start: start.toISOString(), end: trialEnd.toISOString() },
          now: trialEnd.toISOString(),
        },
      ]);
      expect(fake.log.inputsOf('findBillingPeriod')).toEqual([
        { anchor: trialEnd.toISOString(), interval: 'MONTHLY', timeZone: 'UTC', at: trialEnd.toISOString() },
      ]);
      expect(fake.log.inputsOf('writeLifecycleChange')[0]).toMatchObject({
        change: {
          status: 'ACTIVE',
          billingAnchor: trialEnd.toISOString(),
          currentPeriodStart: trialEnd.toISOString(),
          currentPeriodEnd: paidEnd.toISOString(),
        },
        event: 'subscription.renewed',
      });
      expect(fake.log.inputsOf('issuePeriodInvoice')[0]).toMatchObject({
        plan: BASIC,
        period: { start: trialEnd.toISOString(), end: paidEnd.toISOString() },
        idempotencyKey: `${subscriptionId}:${trialEnd.toISOString()}:base`,
      });
      expect(fake.subscription.invoices.map((invoice) => invoice.totalMinor)).toEqual(['3000']);
    });
  });

  test('cancel at period end: cancelAt stored at once, no renewal, CANCELED at the period end and the workflow ends', async () => {
    const { end, snapshot } = await storedSubscription();
    const { fake, worker, handle, subscriptionId } = await startWorkflow(snapshot);
    await worker.runUntil(async () => {
      await callsMade(fake, 2);
      const atPeriodEnd: [CancelRequest] = [{ cancelAt: 'period_end' }];
      const update = { args: atPeriodEnd };
      expect(await handle.executeUpdate(cancelSubscriptionUpdate, update)).toEqual({ status: 'ACTIVE' });
      expect(fake.log.inputsOf('writeLifecycleChange')).toEqual([
        expect.objectContaining({ change: { cancelAt: end.toISOString() }, event: null }),
      ]);
      expect(await rejectionType(handle.executeUpdate(cancelSubscriptionUpdate, update))).toBe(
        INVALID_STATE_TRANSITION,
      );

      // Waiting for the result lets the server skip to the period end.
      expect(await handle.result()).toEqual({ outcome: 'canceled' });
      expect(fake.log.names()).toEqual([
        'loadSubscription',
        'issuePeriodInvoice',
        'applyLifecycleAction',
        'writeLifecycleChange',
        'applyLifecycleAction',
        'issueUsageInvoice',
        'writeLifecycleChange',
      ]);
      expect(fake.log.inputsOf('writeLifecycleChange')[1]).toEqual({
        tenantId: TENANT_ID,
        subscriptionId,
        change: { status: 'CANCELED', canceledAt: end.toISOString() },
        event: 'subscription.canceled',
        now: end.toISOString(),
      });
      expect(fake.subscription.events).toEqual(['subscription.canceled']);
    });
  });

  test('pause and resume where the state refuses them: the validator rejects, no activity runs, no update in history', async () => {
    const { start, snapshot } = await storedSubscription();
    const { fake, worker, handle } = await startWorkflow(snapshot);
    await worker.runUntil(async () => {
      await callsMade(fake, 2);
      // Once the workflow sleeps on its period-end timer, every event it was going to write anyway is in the count.
      const eventsBefore = (await sleepingOnTimer(handle)).length;
      expect(await rejectionType(handle.executeUpdate(resumeSubscriptionUpdate))).toBe(INVALID_STATE_TRANSITION);
      // The test server records a workflow task even for a rejected update (a real server records nothing: see
      // subscription-updates.int.test.ts); what matters is that the update left no event of its own.
      const added = ((await handle.fetchHistory()).events ?? []).slice(eventsBefore);
      expect(added.filter((event) => !isWorkflowTaskEvent(event))).toEqual([]);
      expect(fake.log.names()).toEqual(['loadSubscription', 'issuePeriodInvoice']);

      await sleepUntil(env, new Date(start.getTime() + 15 * DAY_MS));
      expect(await handle.executeUpdate(pauseSubscriptionUpdate)).toEqual({ status: 'PAUSED' });
      const afterPause = fake.log.names();
      expect(afterPause.slice(2)).toEqual([
        'applyLifecycleAction',
        'creditUnusedPeriod',
        'issueUsageInvoice',
        'writeLifecycleChange',
      ]);

      expect(await rejectionType(handle.executeUpdate(pauseSubscriptionUpdate))).toBe(INVALID_STATE_TRANSITION);
      expect(
        await rejectionType(handle.executeUpdate(changeSubscriptionPlanUpdate, { args: [{ newPlan: PRO }] })),
      ).toBe(INVALID_STATE_TRANSITION);
      expect(fake.log.names()).toEqual(afterPause);
      expect(await handle.query(subscriptionStatusQuery)).toEqual({ status: 'PAUSED' });
    });
  });

  test('an upgrade on day 16 of 31 is billed now (credit 15.48, charge 30.97); a cancel then credits from the new plan', async () => {
    const { start, end, snapshot } = await storedSubscription();
    const day16 = new Date(start.getTime() + 15 * DAY_MS);
    // Each usage close bills 5.00 on an invoice of its own, which no credit for unused time goes against.
    const { fake, worker, handle, subscriptionId } = await startWorkflow(snapshot, 500n);
    await worker.runUntil(async () => {
      await callsMade(fake, 2);
      await sleepUntil(env, day16);
      expect(await handle.executeUpdate(changeSubscriptionPlanUpdate, { args: [{ newPlan: PRO }] })).toEqual({
        status: 'ACTIVE',
      });
      expect(fake.log.names().slice(2)).toEqual([
        'applyLifecycleAction',
        'issueUsageInvoice',
        'issuePlanChangeInvoice',
        'writeLifecycleChange',
      ]);
      const [change] = fake.log.inputsOf('issuePlanChangeInvoice');
      expect(change).toEqual({
        ...billingRef(subscriptionId),
        oldPlan: BASIC,
        newPlan: PRO,
        period: { start: start.toISOString(), end: end.toISOString() },
        changeAt: expect.any(String) as unknown,
        invoicedMinor: '3000',
        creditedMinor: '0',
        // The period's base invoice: the credit is no more than it can still give back.
        creditableInvoiceIds: [fake.subscription.invoices[0]?.invoiceId],
        feeBasisMinor: '3000',
        idempotencyKey: `${subscriptionId}:${start.toISOString()}:change:0`,
      });
      expectInstantSoonAfter(change?.changeAt, day16);
      expect(fake.log.inputsOf('writeLifecycleChange')[0]).toMatchObject({
        change: { planId: PRO.planId, pendingPlanId: null },
        event: null,
      });
      // 30.00 × 16/31 = 15.48 back, 60.00 × 16/31 = 30.97 charged: one invoice of 15.49.
      const [changeAt] = fake.log.inputsOf('issuePlanChangeInvoice').map((input) => input.changeAt);
      expect(fake.subscription.invoices.map((invoice) => [invoice.key, invoice.totalMinor])).toEqual([
        [`${subscriptionId}:${start.toISOString()}:base`, '3000'],
        [`${subscriptionId}:${start.toISOString()}:usage:${start.toISOString()}`, '500'],
        [`${subscriptionId}:${start.toISOString()}:change:0`, '1549'],
      ]);

      expect(await handle.executeUpdate(cancelSubscriptionUpdate, { args: [{ cancelAt: 'now' }] })).toEqual({
        status: 'CANCELED',
      });
      // The period now bills Pro: what the change charged, against the change invoice first, then the base one.
      expect(fake.log.inputsOf('creditUnusedPeriod')).toEqual([
        expect.objectContaining({
          plan: PRO,
          invoicedMinor: '3097',
          creditedMinor: '0',
          feeBasisMinor: '6000',
          invoices: [
            { invoiceId: 'inv_fake_3', creditableMinor: '1549' },
            { invoiceId: 'inv_fake_1', creditableMinor: '3000' },
          ],
          idempotencyKey: `${subscriptionId}:${start.toISOString()}:credit:1`,
        }),
      ]);
      // The plan change closed the old plan's segment at the change; the cancel closes the new plan's from there.
      expect(fake.log.inputsOf('issueUsageInvoice').map(({ planId, segment }) => [planId, segment.start])).toEqual([
        [BASIC.planId, start.toISOString()],
        [PRO.planId, changeAt],
      ]);
      expect(await handle.result()).toEqual({ outcome: 'canceled' });
      expect(fake.subscription.events).toEqual(['subscription.canceled']);
    });
  });
});
