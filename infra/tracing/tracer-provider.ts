import { context, propagation, trace } from '@opentelemetry/api';
import { registerInstrumentations, type InstrumentationBase } from '@opentelemetry/instrumentation';
import { envDetectorSync, Resource } from '@opentelemetry/resources';
import { BatchSpanProcessor, type SpanExporter, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { createInstrumentations } from './instrumentations';

/** The tracing of this process: where its spans go, and how to flush them at shutdown. */
export interface Tracing {
  /** Ends every span's journey: the workflow span sink hands the workflows' spans to it too. */
  spanProcessor: SpanProcessor;
  /** The service this process reports as (OTEL_SERVICE_NAME, else the process's default). */
  resource: Resource;
  /** What patches node:http, pg and undici (test support applies them to modules jest loaded itself). */
  instrumentations: readonly InstrumentationBase[];
  /** Exports what is buffered, stops the instrumentations and unregisters the provider. */
  shutdown: () => Promise<void>;
}

export interface StartTracingOptions {
  /** `billing-api` or `billing-worker`; OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES override it. */
  defaultServiceName: string;
  /** Where spans go: batched to this exporter (OTLP in production), unless `spanProcessor` is given. */
  exporter?: SpanExporter;
  /** Tests pass a SimpleSpanProcessor over an in-memory exporter, so spans are there as soon as they end. */
  spanProcessor?: SpanProcessor;
}

/**
 * OpenTelemetry for one process. A process has one tracer provider (the OpenTelemetry API keeps it in a global), so
 * the started tracing is kept here too: the worker's workflow span sink needs its processor, and a second start
 * would instrument every module twice.
 */
let started: Tracing | null = null;

/** Registers the provider (async-hooks context, W3C trace context) and the instrumentations; call it once. */
export function startTracing(options: StartTracingOptions): Tracing {
  if (started !== null) throw new Error('tracing is already started in this process');
  const spanProcessor = options.spanProcessor ?? batchProcessorOf(options.exporter);
  // Later resources win: the default name, then what the environment says (the SDK's own variables).
  const resource = new Resource({
    ...Resource.default().attributes,
    [ATTR_SERVICE_NAME]: options.defaultServiceName,
    ...envDetectorSync.detect().attributes,
  });
  const provider = new NodeTracerProvider({ resource, spanProcessors: [spanProcessor] });
  provider.register();
  const instrumentations = createInstrumentations();
  const unregister = registerInstrumentations({ tracerProvider: provider, instrumentations });
  const tracing: Tracing = {
    spanProcessor,
    resource,
    instrumentations,
    shutdown: async () => {
      unregister();
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
      if (started === tracing) started = null;
    },
  };
  started = tracing;
  return tracing;
}

/** The tracing this process started, or null when it runs without (the default). */
export function activeTracing(): Tracing | null {
  return started;
}

/** Flushes and stops this process's tracing, if any; part of every process's shutdown. */
export async function shutdownTracing(): Promise<void> {
  await started?.shutdown();
}

function batchProcessorOf(exporter: SpanExporter | undefined): SpanProcessor {
  if (exporter === undefined) throw new Error('startTracing needs an exporter or a span processor');
  return new BatchSpanProcessor(exporter);
}
