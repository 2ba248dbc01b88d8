import type { IncomingMessage } from 'node:http';
import type { InstrumentationBase } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';

/**
 * HTTP (the API's server spans and outbound `node:http` calls), pg (every SQL statement) and undici (outbound
 * `fetch` and undici calls: webhooks, payment providers). Koa has no instrumentation here: the Koa one supports
 * Koa 2 only, so the API names its server spans by route template itself (`nameServerSpanByRoute`).
 */
export function createInstrumentations(): InstrumentationBase[] {
  return [
    new HttpInstrumentation({ ignoreIncomingRequestHook: isHealthProbe }),
    // Polling loops (outbox relay, dunning starter, repair) query every few seconds outside any request or
    // activity: a span for each would bury the traces that matter, so SQL is traced only inside a trace.
    new PgInstrumentation({ requireParentSpan: true }),
    new UndiciInstrumentation(),
  ];
}

const HEALTH_PATHS = new Set(['/health', '/api/health']);

/** Load balancers and orchestrators probe health every few seconds; those traces say nothing. */
function isHealthProbe(request: IncomingMessage): boolean {
  return HEALTH_PATHS.has((request.url ?? '').split('?')[0] ?? '');
}
