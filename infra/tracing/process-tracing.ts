import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { loadTracingConfig } from '../config';
import { ConfigError } from '../config-error';
import { startTracing } from './tracer-provider';

/**
 * Starts tracing for a process entry when OTEL_TRACES_EXPORTER=otlp: spans batched to the OTLP/HTTP endpoint that
 * the standard OTEL_EXPORTER_OTLP_* variables name (http://localhost:4318/v1/traces by default). Must run before the
 * process imports what it instruments (node:http, pg, undici), hence the entries' first import.
 */
export function startProcessTracing(defaultServiceName: string): void {
  let enabled: boolean;
  try {
    enabled = loadTracingConfig().enabled;
  } catch (error) {
    // The entry's loadConfig lists this problem with every other one and stops the process.
    if (error instanceof ConfigError) return;
    throw error;
  }
  if (!enabled) return;
  startTracing({ defaultServiceName, exporter: new OTLPTraceExporter() });
}
