import { startProcessTracing } from './process-tracing';

// Imported first by worker/main.ts: the instrumentations must be in place before the worker's modules load.
startProcessTracing('billing-worker');
