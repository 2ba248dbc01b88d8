import { Context } from '@temporalio/activity';
import type { Orm } from '../infra/db/orm';
import type { Logger } from '../infra/logger';
import { listenForStandingChanges, type StandingListener } from '../services/billing/subscriptions';
import {
  pastDueStandingListener,
  temporalPastDueSignaller,
  type PastDueSignaller,
} from '../services/payments/collections';

type Activity = (...args: never[]) => unknown;

/**
 * Every activity runs under payments' standing listener, so a change of a subscription's standing that an activity
 * commits (a provider payment, credit allocation, a finalize, a resume) is reconciled before the activity returns,
 * whichever service made it. Signals go through the Temporal client of the activity that made the change unless
 * `signalPastDue` is given (tests).
 */
export function listeningToStanding<Activities extends Record<string, Activity>>(
  activities: Activities,
  deps: { orm: Orm; logger: Logger; signalPastDue?: PastDueSignaller },
): Activities {
  const listener = pastDueStandingListener({
    orm: deps.orm,
    logger: deps.logger,
    signalPastDue: deps.signalPastDue ?? ((input) => temporalPastDueSignaller(Context.current().client)(input)),
  });
  const entries = Object.entries(activities).map(([name, activity]) => [name, underListener(listener, activity)]);
  return Object.fromEntries(entries) as Activities;
}

function underListener<A extends Activity>(listener: StandingListener, activity: A): A {
  const run = (...args: Parameters<A>) => listenForStandingChanges(listener, () => activity(...args));
  return run as A;
}
