import {
  makeWorkflowExporter,
  OpenTelemetryActivityInboundInterceptor,
  OpenTelemetryActivityOutboundInterceptor,
  OpenTelemetryWorkflowClientInterceptor,
  type OpenTelemetryWorkflowExporter,
} from '@temporalio/interceptors-opentelemetry';
import type { ClientInterceptors } from '@temporalio/client';
import type { InjectedSinks, WorkerInterceptors } from '@temporalio/worker';
import { activeTracing } from './tracer-provider';

/*
 * Temporal's OpenTelemetry interceptors carry the trace across Temporal: the client puts the caller's span context
 * into the start or signal headers, the workflow's spans continue it, and each activity continues the workflow's.
 * The client and activity interceptors are installed whether tracing is on or not: without a started tracer provider
 * the OpenTelemetry API is a no-op, so the same client and worker serve both. The workflow-side ones cost a worker
 * that exports nothing real time, so they live in a bundle of their own (infra/temporal/workflow-bundle.ts).
 */

/**
 * The workflow-side interceptors, bundled into the traced workflow bundle (`bundleWorkflowCode`'s
 * `workflowInterceptorModules`): a worker that exports spans runs that bundle. They add no command, so histories
 * recorded without them replay unchanged.
 */
export const WORKFLOW_TRACING_INTERCEPTOR_MODULES: readonly string[] = [
  require.resolve('@temporalio/interceptors-opentelemetry/lib/workflow-interceptors'),
];

/** For every Temporal client that starts, signals or updates workflows (the API's, the worker's loops'). */
export function tracingClientInterceptors(): ClientInterceptors {
  return { workflow: [new OpenTelemetryWorkflowClientInterceptor()] };
}

/** For the worker: activity spans continue their workflow's trace, and their logs carry its ids. */
export function tracingWorkerInterceptors(): Pick<WorkerInterceptors, 'activity' | 'client'> {
  return {
    activity: [
      (ctx) => ({
        inbound: new OpenTelemetryActivityInboundInterceptor(ctx),
        outbound: new OpenTelemetryActivityOutboundInterceptor(ctx),
      }),
    ],
    client: tracingClientInterceptors(),
  };
}

/**
 * Workflow code cannot export spans itself (no I/O in the sandbox): it hands them to this sink, which passes them
 * to the process's span processor. Without tracing they are dropped; the sink is there either way because the
 * bundled interceptors call it.
 */
export function workflowSpanSinks(): InjectedSinks<{ exporter: OpenTelemetryWorkflowExporter }> {
  const tracing = activeTracing();
  if (tracing === null) return { exporter: { export: { fn: () => undefined, callDuringReplay: false } } };
  return { exporter: makeWorkflowExporter(tracing.spanProcessor, tracing.resource) };
}
