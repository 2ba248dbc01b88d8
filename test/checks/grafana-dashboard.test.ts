import type { Registry } from 'prom-client';
import { createApiMetrics } from '../../api/metrics/api-metrics';
import { readRepoFile } from '../../infra/deployment/deployment-files';
import { processMetricsRegistry } from '../../infra/metrics';
import { registerPendingPaymentGauges } from '../../worker/pending-payment-gauges';
import { createWorkerMetrics } from '../../worker/worker-metrics';
import { memoryLogger } from '../harness/http-server';
import { TEMPORAL_SDK_FAMILIES } from './temporal-sdk-metrics';

interface Panel {
  title: string;
  type: string;
  targets?: { expr: string }[];
}

const dashboard = JSON.parse(readRepoFile('deploy/grafana/billing-dashboard.json')) as { panels: Panel[] };
const operations = readRepoFile('docs/operations.md');

/** The sample names a family of this type gives a query (a histogram's buckets, sum and count). */
function seriesOf(family: string, type: string): string[] {
  return type === 'histogram' ? [`${family}_bucket`, `${family}_sum`, `${family}_count`] : [family];
}

/** The worker's registry as `worker/main.ts` fills it, the backlog gauges included (read here as an empty backlog). */
function workerRegistry(): Registry {
  const { registry } = createWorkerMetrics();
  registerPendingPaymentGauges(registry, () => Promise.resolve([]), memoryLogger().logger);
  return registry;
}

async function familiesOf(registry: Registry): Promise<[string, string][]> {
  return (await registry.getMetricsAsJSON()).map((metric) => [metric.name, String(metric.type)]);
}

/** Every series a query may name: the API's, the worker's, the processes' and the Temporal SDK's, plus `up`. */
async function exportedSeries(): Promise<Set<string>> {
  const families = [
    ...(await familiesOf(createApiMetrics().registry)),
    ...(await familiesOf(workerRegistry())),
    ...(await familiesOf(processMetricsRegistry())),
    ...TEMPORAL_SDK_FAMILIES,
  ];
  return new Set(['up', ...families.flatMap(([name, type]) => seriesOf(name, type))]);
}

/** Metric names in a PromQL expression: identifiers of our prefixes, or `up` where a selector follows it. */
function metricNamesIn(expr: string): string[] {
  const prefixed = expr.match(/\b(?:billing|temporal|process|nodejs)_[a-zA-Z0-9_]+/g) ?? [];
  return [...new Set(prefixed)];
}

function promqlBlocksOf(markdown: string): string[] {
  return [...markdown.matchAll(/```promql\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
}

describe('the Grafana dashboard and the alerts of docs/operations.md', () => {
  const queries = dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr));

  it('queries only series the processes export or the Temporal SDK emits', async () => {
    const exported = await exportedSeries();
    const unknown = [...queries, ...promqlBlocksOf(operations)]
      .flatMap(metricNamesIn)
      .filter((name) => !exported.has(name));
    expect(queries.length).toBeGreaterThan(15);
    expect(unknown).toEqual([]);
  });

  it('shows every billing series at least once', async () => {
    const ours = [...(await familiesOf(createApiMetrics().registry)), ...(await familiesOf(workerRegistry()))].map(
      ([name]) => name,
    );
    const queried = new Set(queries.flatMap(metricNamesIn).map((name) => name.replace(/_(bucket|sum|count)$/, '')));
    expect(ours.filter((name) => !queried.has(name) && name !== 'billing_worker_temporal_exporter_up')).toEqual([]);
  });

  it('alerts on each signal of the operations guide with a PromQL expression', () => {
    const alerts = promqlBlocksOf(operations).join('\n');
    for (const name of [
      'temporal_workflow_task_execution_failed_total',
      'billing_activity_failures_total',
      'billing_webhook_attempts_total',
      'temporal_workflow_task_schedule_to_start_latency_seconds_bucket',
      'temporal_activity_schedule_to_start_latency_seconds_bucket',
      'billing_http_request_duration_seconds_bucket',
      'billing_http_requests_total',
      'billing_api_rate_limit_refusals_total',
      'billing_payments_pending_overdue',
      'billing_payments_pending_oldest_age_seconds',
    ]) {
      expect([name, alerts.includes(name)]).toEqual([name, true]);
    }
  });
});
