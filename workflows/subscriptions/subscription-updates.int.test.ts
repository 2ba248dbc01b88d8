import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { workflowMetadataQuery } from '@temporalio/workflow';
import { createDevServerTestEnv } from '../../test/harness/temporal-env';
import {
  addUtcMonths,
  useScenarioSuite,
  DAY_MS,
  rejectionType,
  scenarioWorker,
  terms,
  waitFor,
  type Scenario,
} from '../../test/scenarios/subscription-scenario';
import { SUBSCRIPTION_STATUS_SEARCH_ATTRIBUTE } from '../shared/search-attribute-keys';
import {
  INVALID_STATE_TRANSITION,
  pauseSubscriptionUpdate,
  PLAN_UNCHANGED,
  resumeSubscriptionUpdate,
  changeSubscriptionPlanUpdate,
} from './messages';

// On the dev server (real time): the time-skipping test server records a workflow task for every update, even a
// rejected one, so "no trace in history" can only be checked against a real server.
describe('subscriptionWorkflow updates on the dev server', () => {
  const suite = useScenarioSuite(createDevServerTestEnv);
  let env: TestWorkflowEnvironment;
  let scenario: Scenario;
  beforeAll(() => {
    ({ env, scenario } = suite);
  });

  test('rejected updates carry their failure type and leave history untouched; operators see status and details', async () => {
    const { worker, taskQueue } = await scenarioWorker(env, scenario.realActivities());
    const start = new Date(Date.now() - 2 * DAY_MS);
    const customerId = await scenario.createCustomer();
    const planId = await scenario.createPlan({ name: 'Basic', amountMinor: 3000n });
    const subscriptionId = await scenario.insertSubscription({
      customerId,
      planId,
      status: 'ACTIVE',
      periodStart: start,
      periodEnd: addUtcMonths(start, 1, start.getUTCDate()),
    });
    await worker.runUntil(async () => {
      const handle = await scenario.startWorkflow({ subscriptionId, customerId, taskQueue });
      await waitFor(
        () => scenario.invoices(subscriptionId),
        (list) => list.length === 1,
      );
      // The invoice is committed before its activity reports back: wait until the workflow sleeps on its period-end
      // timer, so every event it was going to write anyway is in the count.
      const idleHistory = await waitFor(
        async () => (await handle.fetchHistory()).events ?? [],
        (events) => events.at(-1)?.timerStartedEventAttributes != null,
      );
      expect(idleHistory.at(-1)?.timerStartedEventAttributes).toBeDefined();
      const before = idleHistory.length;

      expect(await rejectionType(handle.executeUpdate(resumeSubscriptionUpdate))).toBe(INVALID_STATE_TRANSITION);
      const samePlan = terms(planId, 'Basic', '3000');
      expect(
        await rejectionType(handle.executeUpdate(changeSubscriptionPlanUpdate, { args: [{ newPlan: samePlan }] })),
      ).toBe(PLAN_UNCHANGED);
      expect((await handle.fetchHistory()).events?.length).toBe(before);

      const metadata = await handle.query(workflowMetadataQuery);
      expect(metadata.currentDetails).toContain(customerId);
      expect(metadata.currentDetails).toContain(`Basic (${planId})`);
      expect((await handle.describe()).typedSearchAttributes.get(SUBSCRIPTION_STATUS_SEARCH_ATTRIBUTE)).toBe('ACTIVE');

      expect(await handle.executeUpdate(pauseSubscriptionUpdate)).toEqual({ status: 'PAUSED' });
      expect((await handle.describe()).typedSearchAttributes.get(SUBSCRIPTION_STATUS_SEARCH_ATTRIBUTE)).toBe('PAUSED');
      expect((await scenario.subscription(subscriptionId)).status).toBe('PAUSED');
    });
  });
});
