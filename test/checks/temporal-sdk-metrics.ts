/**
 * The metrics the Temporal SDK's core (1.24) emits, as its Prometheus exporter names them with the worker's options
 * (`temporal_` prefix, counters with `_total`, durations in `_seconds`): Temporal's SDK metrics reference, checked
 * against the names in the core bridge binary. Some appear only once they first happen (failures, cancellations),
 * so a scrape alone cannot list them; the worker's metrics test checks that every `temporal_` family a scrape shows
 * is listed here.
 */
const COUNTERS = [
  'activity_execution_cancelled',
  'activity_execution_failed',
  'activity_poll_no_task',
  'activity_task_received',
  'local_activity_execution_cancelled',
  'local_activity_execution_failed',
  'local_activity_total',
  'long_request',
  'long_request_failure',
  'nexus_poll_no_task',
  'nexus_task_execution_failed',
  'request',
  'request_failure',
  'sticky_cache_hit',
  'sticky_cache_miss',
  'sticky_cache_total_forced_eviction',
  'worker_start',
  'workflow_canceled',
  'workflow_completed',
  'workflow_continue_as_new',
  'workflow_failed',
  'workflow_task_execution_failed',
  'workflow_task_queue_poll_empty',
  'workflow_task_queue_poll_succeed',
];
const HISTOGRAMS = [
  'activity_execution_latency',
  'activity_schedule_to_start_latency',
  'activity_succeed_endtoend_latency',
  'local_activity_execution_latency',
  'local_activity_succeed_endtoend_latency',
  'long_request_latency',
  'nexus_task_endtoend_latency',
  'nexus_task_execution_latency',
  'nexus_task_schedule_to_start_latency',
  'request_latency',
  'workflow_endtoend_latency',
  'workflow_task_execution_latency',
  'workflow_task_replay_latency',
  'workflow_task_schedule_to_start_latency',
];
const GAUGES = ['num_pollers', 'sticky_cache_size', 'worker_task_slots_available', 'worker_task_slots_used'];

/** Metric family name → type, as a scrape's `# TYPE` lines declare them. */
export const TEMPORAL_SDK_FAMILIES: ReadonlyMap<string, string> = new Map([
  ...COUNTERS.map((name) => [`temporal_${name}_total`, 'counter'] as const),
  ...HISTOGRAMS.map((name) => [`temporal_${name}_seconds`, 'histogram'] as const),
  ...GAUGES.map((name) => [`temporal_${name}`, 'gauge'] as const),
]);
