import { proxyActivities } from '@temporalio/workflow';

/** The yardstick `bench:renewals` sets renewals against: a workflow whose whole work is one activity doing nothing. */
export interface EmptyActivities {
  noop: () => Promise<void>;
}

const { noop } = proxyActivities<EmptyActivities>({ startToCloseTimeout: '1 minute' });

export async function emptyWorkflow(): Promise<void> {
  await noop();
}
