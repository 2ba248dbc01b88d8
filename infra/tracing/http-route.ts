import { context, trace } from '@opentelemetry/api';
import { getRPCMetadata, RPCType } from '@opentelemetry/core';

/** Our attribute for the API's request id (X-Request-Id), so a trace is found from a log line or a client report. */
export const REQUEST_ID_ATTRIBUTE = 'billing.request_id';

/**
 * Names the HTTP server span of the current request by its route template (`POST /api/subscriptions/:id/cancel`)
 * and gives it `http.route`: the HTTP instrumentation reads the route from the request's RPC metadata when the
 * response ends. Template, not path, so spans of one route group together. Without tracing this does nothing.
 */
export function nameServerSpanByRoute(route: string): void {
  const metadata = getRPCMetadata(context.active());
  if (metadata?.type === RPCType.HTTP) metadata.route = route;
}

/** Puts the request id on the request's server span. */
export function tagServerSpanWithRequestId(requestId: string): void {
  trace.getActiveSpan()?.setAttribute(REQUEST_ID_ATTRIBUTE, requestId);
}
