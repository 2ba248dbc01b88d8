import { Counter, Gauge, Registry } from 'prom-client';
import { createBusinessMetrics, type BusinessMetrics } from '../infra/metrics';

/** The worker's own series; the Temporal SDK's (`temporal_*`) come from its runtime's exporter. */
export interface WorkerMetrics {
  registry: Registry;
  business: BusinessMetrics;
  activityExecutions: Counter<'activity_type'>;
  activityFailures: Counter<'activity_type' | 'non_retryable'>;
  /** 1 when the last scrape read the Temporal SDK's exporter, 0 when it could not. */
  temporalExporterUp: Gauge;
}

export function createWorkerMetrics(): WorkerMetrics {
  const registry = new Registry();
  const registers = [registry];
  return {
    registry,
    business: createBusinessMetrics(registry),
    activityExecutions: new Counter({
      name: 'billing_activity_executions_total',
      help: 'Activity attempts this worker ran, by activity type.',
      labelNames: ['activity_type'] as const,
      registers,
    }),
    activityFailures: new Counter({
      name: 'billing_activity_failures_total',
      help:
        'Activity attempts that failed, by activity type; non_retryable="true" are business refusals the workflow ' +
        'handles, "false" are errors Temporal retries (or gives up on at the retry policy).',
      labelNames: ['activity_type', 'non_retryable'] as const,
      registers,
    }),
    temporalExporterUp: new Gauge({
      name: 'billing_worker_temporal_exporter_up',
      help: "Whether this scrape could read the Temporal SDK's runtime metrics (1) or not (0).",
      registers,
    }),
  };
}
