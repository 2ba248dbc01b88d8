import { startProcessTracing } from './process-tracing';

// Imported first by api/main.ts: the instrumentations must be in place before the API's modules load.
startProcessTracing('billing-api');
