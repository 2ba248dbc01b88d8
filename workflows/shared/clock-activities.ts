import { proxyActivities, proxyLocalActivities, type ActivityInterfaceFor } from '@temporalio/workflow';
import type { Activities } from '../../activities';
import { internalActivityOptions, internalLocalActivityOptions } from '../activity-options';
import { onTestClock } from './business-time';
import { clockPatched } from './clock-patches';

/**
 * A test clock's advance is a chain of steps across its customers' workflows, each waiting for the one before; an
 * activity scheduled through the server costs a step two round trips and six history events (scheduled, started,
 * completed and the workflow task that follows), a local activity none and one marker. So a workflow on a test clock
 * runs its internal activities locally: the same code, timeouts and retries, on the worker that runs the workflow.
 * Ordinary customers' workflows keep scheduled activities (their histories and their spread over workers unchanged),
 * and clock runs recorded before the patch replay on the scheduled path.
 */
export const CLOCK_LOCAL_ACTIVITIES_PATCH = 'test-clock-local-activities';

/**
 * The internal activities of a workflow that may live on a test clock: each call goes to a local activity while the
 * workflow runs on a clock (and on the patch), else it is scheduled as before. `onClock` says whether it does, asked
 * at each call (a workflow learns its clock from an activity's answer); by default, once it has used that clock.
 */
export function clockAwareActivities(onClock: () => boolean = onTestClock): ActivityInterfaceFor<Activities> {
  const runsActivitiesLocally = (): boolean => onClock() && clockPatched(CLOCK_LOCAL_ACTIVITIES_PATCH);
  const scheduled = proxyActivities<Activities>(internalActivityOptions);
  const onWorker = proxyLocalActivities<Activities>(internalLocalActivityOptions);
  return new Proxy(scheduled, {
    get: (_target, name) => {
      // Only activity names are looked up (a symbol comes from inspection, not from a call).
      if (typeof name !== 'string') return undefined;
      const remote = scheduled[name as keyof Activities] as (...args: unknown[]) => Promise<unknown>;
      const nearby = onWorker[name as keyof Activities] as (...args: unknown[]) => Promise<unknown>;
      return (...args: unknown[]) => (runsActivitiesLocally() ? nearby(...args) : remote(...args));
    },
  });
}
