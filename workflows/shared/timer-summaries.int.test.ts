import { defaultPayloadConverter } from '@temporalio/common';
import type { History } from '@temporalio/common/lib/proto-utils';
import { createFakeActivities } from '../../test/fakes/fake-activities';
import {
  nextLongMonthOnServer,
  storedActiveSnapshot,
  useFakeSubscriptionSuite,
} from '../../test/fakes/fake-subscription-suite';
import { waitFor } from '../../test/scenarios/subscription-scenario';
import type { SubscriptionSnapshot } from '../subscriptions/wire';

/**
 * Timers carry a summary of what they wait for (user metadata on TimerStarted), which Temporal UI shows instead of
 * the timer's sequence number. Read back from the history the server recorded.
 */

type HistoryEvent = NonNullable<History['events']>[number];

const summaryOf = (event: HistoryEvent | undefined): unknown => {
  const payload = event?.userMetadata?.summary;
  return payload == null ? undefined : defaultPayloadConverter.fromPayload(payload);
};

describe('timer summaries (time-skipping server)', () => {
  const { suite, startSubscriptionWorkflow } = useFakeSubscriptionSuite();
  let started = 0;

  async function timerSummaryOf(overrides: (start: Date, end: Date) => Partial<SubscriptionSnapshot>) {
    const { start, end } = await nextLongMonthOnServer(suite.env);
    const snapshot = storedActiveSnapshot({ start, end }, overrides(start, end));
    const fake = createFakeActivities({ subscription: { snapshot } });
    started += 1;
    const { worker, handle } = await startSubscriptionWorkflow({
      fake,
      queue: 'timer-summaries',
      workflowInput: { tenantId: 'ten_fake', subscriptionId: `sub_timer_${started}` },
    });
    try {
      const events = await worker.runUntil(
        waitFor(
          async () => (await handle.fetchHistory()).events ?? [],
          (history) => history.at(-1)?.timerStartedEventAttributes != null,
        ),
      );
      return { summary: summaryOf(events.at(-1)), end };
    } finally {
      await handle.terminate('test over');
    }
  }

  test('an active subscription’s timer says it waits for the period end to renew', async () => {
    const { summary, end } = await timerSummaryOf(() => ({}));
    expect(summary).toBe(`period end ${end.toISOString()}: renew and invoice`);
  });

  test('a trial’s timer says it waits for the trial end', async () => {
    const { summary, end } = await timerSummaryOf((_start, trialEnd) => ({
      status: 'TRIALING',
      trialEnd: trialEnd.toISOString(),
    }));
    expect(summary).toBe(`trial end ${end.toISOString()}`);
  });

  test('a subscription canceling at period end says so', async () => {
    const { summary, end } = await timerSummaryOf((_start, periodEnd) => ({ cancelAt: periodEnd.toISOString() }));
    expect(summary).toBe(`period end ${end.toISOString()}: cancel`);
  });
});
