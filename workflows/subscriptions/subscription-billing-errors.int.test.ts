import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { createFakeActivities, type FakeActivities } from '../../test/fakes/fake-activities';
import {
  nextLongMonthOnServer,
  storedActiveSnapshot,
  useFakeSubscriptionSuite,
} from '../../test/fakes/fake-subscription-suite';
import { addUtcMonths, DAY_MS, sleepUntil, terms, waitFor } from '../../test/scenarios/subscription-scenario';
import { cancelSubscriptionUpdate, retryBillingSignal, subscriptionStatusQuery } from './messages';

/**
 * An invoice whose usage prices beyond the money maximum (in memory: the fakes' `pricing.overflow`) is a business
 * failure, not a retryable one: the period's invoice waits, the subscription shows a billing error (one
 * `invoice.generation_failed` per failed period), later periods and the customer's actions go on, and the invoice
 * is issued only when a retry is asked.
 */

const TENANT_ID = 'ten_fake';

describe('subscriptionWorkflow billing errors (time-skipping, no database)', () => {
  const { suite, startSubscriptionWorkflow } = useFakeSubscriptionSuite();
  let env: TestWorkflowEnvironment;
  let subscriptions = 0;
  beforeAll(() => {
    ({ env } = suite);
  });

  async function start(options: { timing: 'IN_ADVANCE' | 'IN_ARREARS'; graceMs?: number }) {
    const { start: periodStart, end: periodEnd } = await nextLongMonthOnServer(env);
    const snapshot = storedActiveSnapshot(
      { start: periodStart, end: periodEnd },
      { plan: terms('plan_basic', 'Basic', '3000', options.timing) },
    );
    const pricing = { overflow: true };
    const fake = createFakeActivities({
      subscription: {
        snapshot,
        usageMinor: 500n,
        pricing,
        ...(options.graceMs === undefined ? {} : { graceMs: options.graceMs }),
      },
    });
    subscriptions += 1;
    const { worker, handle } = await startSubscriptionWorkflow({
      fake,
      queue: 'subscription-billing-errors',
      workflowInput: { tenantId: TENANT_ID, subscriptionId: `sub_fake_${subscriptions}` },
    });
    return { fake, worker, handle, pricing, periodStart, periodEnd };
  }

  const calls = (fake: FakeActivities, name: Parameters<FakeActivities['log']['inputsOf']>[0], count: number) =>
    waitFor(
      () => Promise.resolve(fake.log.inputsOf(name)),
      (inputs) => inputs.length >= count,
    );

  test('a renewal whose usage cannot be priced renews anyway; the invoice waits until a retry issues it', async () => {
    const { fake, worker, handle, pricing, periodStart, periodEnd } = await start({ timing: 'IN_ADVANCE' });
    const secondEnd = addUtcMonths(periodStart, 2);
    await worker.runUntil(async () => {
      await sleepUntil(env, new Date(periodEnd.getTime() + DAY_MS));
      await calls(fake, 'recordBillingError', 1);
      const store = fake.subscription;
      // The period renewed and its base fee was invoiced: only the usage invoice waits.
      expect(store.events).toEqual(['subscription.renewed']);
      expect(store.row.currentPeriodStart).toBe(periodEnd.toISOString());
      expect(store.invoices.map((invoice) => invoice.key)).toHaveLength(2);
      expect(store.billingError).toEqual({
        message: expect.stringContaining('money maximum') as unknown,
        period: { start: periodStart.toISOString(), end: periodEnd.toISOString() },
      });
      expect(store.generationFailures).toBe(1);
      expect(await handle.query(subscriptionStatusQuery)).toEqual({ status: 'ACTIVE' });

      // The next period ends the same way: a second error, shown in place of the first; billing goes on.
      await sleepUntil(env, new Date(secondEnd.getTime() + DAY_MS));
      await calls(fake, 'recordBillingError', 2);
      expect(store.events).toEqual(['subscription.renewed', 'subscription.renewed']);
      expect(store.billingError?.period).toEqual({ start: periodEnd.toISOString(), end: secondEnd.toISOString() });
      expect(store.generationFailures).toBe(2);

      // A retry while it still overflows changes nothing and sends no new event.
      await handle.signal(retryBillingSignal);
      await calls(fake, 'recordBillingError', 3);
      expect(store.generationFailures).toBe(2);

      pricing.overflow = false;
      await handle.signal(retryBillingSignal);
      await calls(fake, 'clearBillingError', 1);
      expect(store.billingError).toBeNull();
      const usageKeys = store.invoices.map((invoice) => invoice.key).filter((key) => key.includes(':usage:'));
      expect(usageKeys).toEqual([
        `sub_fake_1:${periodStart.toISOString()}:usage:${periodStart.toISOString()}`,
        `sub_fake_1:${periodEnd.toISOString()}:usage:${periodEnd.toISOString()}`,
      ]);
      // A retry with nothing waiting is refused inside the workflow: nothing more runs.
      const before = fake.log.calls.length;
      await handle.signal(retryBillingSignal);
      // A query is answered after the signals before it: the retry has been run (and refused) by then.
      expect(await handle.query(subscriptionStatusQuery)).toEqual({ status: 'ACTIVE' });
      expect(fake.log.calls.length).toBe(before);
    });
  });

  test('cancel now commits even when its closing invoice cannot be priced; the workflow ends once it is issued', async () => {
    const { fake, worker, handle, pricing, periodStart } = await start({ timing: 'IN_ARREARS' });
    await worker.runUntil(async () => {
      await sleepUntil(env, new Date(periodStart.getTime() + 10 * DAY_MS));
      expect(await handle.executeUpdate(cancelSubscriptionUpdate, { args: [{ cancelAt: 'now' }] })).toEqual({
        status: 'CANCELED',
      });
      const store = fake.subscription;
      expect(store.events).toEqual(['subscription.canceled']);
      expect(store.invoices).toEqual([]);
      expect(store.billingError?.period.start).toBe(periodStart.toISOString());
      // The closing invoice still waits: the workflow stays to issue it.
      expect((await handle.describe()).status.name).toBe('RUNNING');

      pricing.overflow = false;
      await handle.signal(retryBillingSignal);
      expect(await handle.result()).toEqual({ outcome: 'canceled' });
      expect(store.billingError).toBeNull();
      expect(store.invoices).toHaveLength(1);
    });
  });

  test('a held invoice whose usage cannot be priced again at its finalize stays DRAFT until a retry', async () => {
    const { fake, worker, handle, pricing, periodStart, periodEnd } = await start({
      timing: 'IN_ADVANCE',
      graceMs: 3 * DAY_MS,
    });
    pricing.overflow = false;
    await worker.runUntil(async () => {
      // The base invoice is held; at its finalize (day 3) its pricing overflows.
      await calls(fake, 'issuePeriodInvoice', 1);
      pricing.overflow = true;
      await sleepUntil(env, new Date(periodStart.getTime() + 4 * DAY_MS));
      await calls(fake, 'recordBillingError', 1);
      const store = fake.subscription;
      expect(store.invoices.map((invoice) => invoice.status)).toEqual(['DRAFT']);
      expect(store.billingError?.period).toEqual({ start: periodStart.toISOString(), end: periodEnd.toISOString() });

      pricing.overflow = false;
      await handle.signal(retryBillingSignal);
      await calls(fake, 'clearBillingError', 1);
      expect(store.invoices.map((invoice) => invoice.status)).toEqual(['OPEN']);
    });
  });
});
