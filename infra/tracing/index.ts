export { traceLogFields, type TraceLogFields } from './log-fields';
export { nameServerSpanByRoute, tagServerSpanWithRequestId, REQUEST_ID_ATTRIBUTE } from './http-route';
export {
  activeTracing,
  shutdownTracing,
  startTracing,
  type StartTracingOptions,
  type Tracing,
} from './tracer-provider';
export {
  tracingClientInterceptors,
  tracingWorkerInterceptors,
  workflowSpanSinks,
  WORKFLOW_TRACING_INTERCEPTOR_MODULES,
} from './temporal-interceptors';
