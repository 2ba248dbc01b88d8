import { ApplicationFailure, CancelledFailure } from '@temporalio/common';
import type { ActivityInterceptorsFactory } from '@temporalio/worker';
import { countingBusinessEvents } from '../infra/metrics';
import type { WorkerMetrics } from './worker-metrics';

/**
 * Counts every activity attempt and its failure by activity type, and runs the attempt under the worker's business
 * counters (webhook attempts, invoices finalized, payments). A cancellation (worker shutdown, workflow cancelled) is
 * not the activity failing and is not counted as a failure.
 */
export function activityMetricsInterceptor(metrics: WorkerMetrics): ActivityInterceptorsFactory {
  return (ctx) => ({
    inbound: {
      async execute(input, next) {
        const activityType = ctx.info.activityType;
        metrics.activityExecutions.inc({ activity_type: activityType });
        try {
          return await countingBusinessEvents(metrics.business, () => next(input));
        } catch (error) {
          if (!(error instanceof CancelledFailure)) {
            const nonRetryable = error instanceof ApplicationFailure && error.nonRetryable;
            metrics.activityFailures.inc({ activity_type: activityType, non_retryable: String(nonRetryable) });
          }
          throw error;
        }
      },
    },
  });
}
