import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { sendClockSignals } from '../../services/payments/test-clock-participants';
import type { Activities } from '../../activities';
import type { LifecycleStepOutcome } from '../../workflows/subscriptions/wire';
import { createFakeCollectionActivities, type FakeDunningOptions } from './fake-collection-activities';
import { createFakeSubscriptionActivities, type FakeSubscriptionOptions } from './fake-subscription-activities';
import { createFakePaymentActivities, type FakePaymentOptions } from './fake-payment-activities';
import { createFakeWalletActivities, type FakeWalletOptions } from './fake-wallet-activities';
import { createFakeWebhookActivities, type FakeWebhookReply } from './fake-webhook-activities';

/**
 * In-memory activities for workflow tests without a database, typed as the real interface: a changed or new activity
 * breaks this file at compile time instead of a test at run time. Every call is logged with its input.
 */

export type ActivityName = keyof Activities;
export type ActivityInput<K extends ActivityName> = Parameters<Activities[K]>[0];

export interface ActivityCall {
  name: ActivityName;
  input: unknown;
}

/** The calls the workflow made, in order. */
export interface ActivityCallLog {
  readonly calls: readonly ActivityCall[];
  names(): ActivityName[];
  inputsOf<K extends ActivityName>(name: K): ActivityInput<K>[];
}

export interface FakeActivitiesOptions {
  subscription?: FakeSubscriptionOptions;
  /** What each webhook attempt meets, by attempt number; a missing one crashes. */
  webhookReplies?: readonly FakeWebhookReply[];
  /** The scripted provider of a payment workflow (a checkout and no success, by default). */
  payment?: FakePaymentOptions;
  /** The invoice a dunning workflow collects (an OPEN manual invoice due now, by default). */
  dunning?: FakeDunningOptions;
  /** The wallet a wallet workflow schedules (none, by default). */
  wallet?: FakeWalletOptions;
}

const DEFAULT_DUNNING: FakeDunningOptions = {
  invoice: {
    status: 'OPEN',
    dueDate: '2026-01-01T00:00:00.000Z',
    subscriptionId: null,
    reminderDays: [1, 3, 7],
    uncollectibleAfterDays: 30,
    cancelSubscription: false,
  },
};

/** An activity no fake implements yet: fails the workflow at once instead of being retried forever. */
const notFaked = (name: ActivityName) => (): Promise<never> =>
  Promise.reject(ApplicationFailure.nonRetryable(`${name} is not faked`, 'not_faked'));

function logCalls(activities: Activities): { activities: Activities; log: ActivityCallLog } {
  const calls: ActivityCall[] = [];
  const entries = Object.entries(activities).map(([name, run]) => {
    const logged = (...args: unknown[]): Promise<unknown> => {
      calls.push({ name: name as ActivityName, input: args[0] });
      return (run as (...args: unknown[]) => Promise<unknown>)(...args);
    };
    return [name, logged];
  });
  const log: ActivityCallLog = {
    calls,
    names: () => calls.map((call) => call.name),
    inputsOf: <K extends ActivityName>(name: K) =>
      calls.filter((call) => call.name === name).map((call) => call.input as ActivityInput<K>),
  };
  return { activities: Object.fromEntries(entries) as Activities, log };
}

const PRICING_STEPS: ReadonlySet<string> = new Set(['issuePeriodInvoice', 'issueUsageInvoice']);

/**
 * A lifecycle action through the (logged) fake steps, in order, as the real one runs them in its transaction: the
 * log shows `applyLifecycleAction` followed by its steps. A pricing step past the money maximum is left out.
 */
function fakeLifecycleAction(steps: () => Activities): Activities['applyLifecycleAction'] {
  return async (input) => {
    const outcomes: LifecycleStepOutcome[] = [];
    for (const step of input.steps) {
      const run = steps()[step.activity] as (input: unknown) => Promise<unknown>;
      try {
        outcomes.push({ issued: true, result: await run(step.input) });
      } catch (error) {
        if (!PRICING_STEPS.has(step.activity) || !(error instanceof ApplicationFailure)) throw error;
        if (error.type !== 'amount_out_of_range') throw error;
        outcomes.push({ issued: false, code: 'amount_out_of_range', message: error.message });
      }
    }
    return { outcomes };
  };
}

export function createFakeActivities(options: FakeActivitiesOptions = {}) {
  const subscription = createFakeSubscriptionActivities(options.subscription ?? { snapshot: null });
  const webhook = createFakeWebhookActivities(options.webhookReplies ?? []);
  const payment = createFakePaymentActivities(options.payment ?? { lifetimeMs: 24 * 3_600_000, verifications: [] });
  const dunning = createFakeCollectionActivities(options.dunning ?? DEFAULT_DUNNING);
  const wallet = createFakeWalletActivities(options.wallet ?? { wallet: null });
  const activities: Activities = {
    ...subscription.activities,
    ...webhook.activities,
    ...payment.activities,
    ...dunning.activities,
    ...wallet.activities,
    applyLifecycleAction: fakeLifecycleAction(() => logged),
    recordClockCheck: notFaked('recordClockCheck'),
    // A clock whose customers have nothing running: no participant, and each advance completes.
    listTestClockParticipants: () => Promise.resolve([]),
    completeTestClockAdvance: () => Promise.resolve(true),
    // Signals between workflows are Temporal's own, not a side effect to fake: sent for real.
    sendTestClockSignals: (input) => sendClockSignals(Context.current().client, input),
  };
  const { activities: logged, log } = logCalls(activities);
  return { activities: logged, log, subscription: subscription.store, dunning: dunning.store, wallet: wallet.store };
}

export type FakeActivities = ReturnType<typeof createFakeActivities>;
