import { Counter, Histogram, Registry } from 'prom-client';
import { createBusinessMetrics, type BusinessMetrics } from '../../infra/metrics';

/** Where Prometheus scrapes the API: beside `/health`, outside `/api` and its OpenAPI document. */
export const METRICS_PATH = '/metrics';

type RequestLabel = 'method' | 'route' | 'status';

/** One app's series; `/metrics` adds the process's own (`processMetricsRegistry`). */
export interface ApiMetrics {
  registry: Registry;
  business: BusinessMetrics;
  requests: Counter<RequestLabel>;
  requestDuration: Histogram<RequestLabel>;
  rateLimitRefusals: Counter<'route'>;
  idempotentReplays: Counter<'route'>;
}

/**
 * Seconds; finer below 25 ms than prom-client's defaults, where the API's latency target (p99 under 20 ms) has to be
 * read.
 */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createApiMetrics(): ApiMetrics {
  const registry = new Registry();
  const registers = [registry];
  const requestLabels = ['method', 'route', 'status'] as const;
  return {
    registry,
    business: createBusinessMetrics(registry),
    requests: new Counter({
      name: 'billing_http_requests_total',
      help: 'HTTP requests answered by the API, by method, route template and status.',
      labelNames: requestLabels,
      registers,
    }),
    requestDuration: new Histogram({
      name: 'billing_http_request_duration_seconds',
      help: 'Time from receiving a request to its answer, by method, route template and status.',
      labelNames: requestLabels,
      buckets: DURATION_BUCKETS,
      registers,
    }),
    rateLimitRefusals: new Counter({
      name: 'billing_api_rate_limit_refusals_total',
      help: 'Requests refused with 429 by a rate limit (per tenant, per client IP, or login attempts), by route.',
      labelNames: ['route'] as const,
      registers,
    }),
    idempotentReplays: new Counter({
      name: 'billing_api_idempotent_replays_total',
      help: 'Requests answered with the kept response of an earlier one under the same Idempotency-Key, by route.',
      labelNames: ['route'] as const,
      registers,
    }),
  };
}
