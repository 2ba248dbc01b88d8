import { isSpanContextValid, trace } from '@opentelemetry/api';

export interface TraceLogFields {
  traceId?: string;
  spanId?: string;
}

/** The active span's ids, for log lines written inside a trace (joins a log line to its trace); else nothing. */
export function traceLogFields(): TraceLogFields {
  const spanContext = trace.getActiveSpan()?.spanContext();
  if (spanContext === undefined || !isSpanContextValid(spanContext)) return {};
  return { traceId: spanContext.traceId, spanId: spanContext.spanId };
}
