import { log, proxyActivities, sleep, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../../activities';
import { internalActivityOptions } from '../activity-options';
import type { ClockCheckInput, ClockCheckResult } from './messages';

const { recordClockCheck } = proxyActivities<Activities>(internalActivityOptions);

/**
 * Proves the wiring end to end: a durable timer, then an activity on the worker. `Date.now()` in a workflow is
 * the activation time given by the server, so on the time-skipping server the result shows the skipped time.
 */
export async function clockCheckWorkflow(input: ClockCheckInput): Promise<ClockCheckResult> {
  const startedAt = Date.now();
  await sleep(input.sleep, { summary: `clock check: ${String(input.sleep)} of timer` });
  const wokeAt = Date.now();
  const record = await recordClockCheck({
    workflowId: workflowInfo().workflowId,
    startedAt: new Date(startedAt).toISOString(),
    wokeAt: new Date(wokeAt).toISOString(),
  });
  log.info('clock check done', { elapsedMs: wokeAt - startedAt });
  return {
    startedAt: new Date(startedAt).toISOString(),
    wokeAt: new Date(wokeAt).toISOString(),
    elapsedMs: wokeAt - startedAt,
    record,
  };
}
