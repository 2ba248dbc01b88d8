import { collectDefaultMetrics, Registry } from 'prom-client';

let processRegistry: Registry | undefined;

/**
 * prom-client's default metrics of this process (CPU, resident memory, heap, event-loop lag, GC, open handles), in
 * a registry of their own. Created once per process: they describe the process, not an app, and each collection
 * starts an event-loop monitor and a GC observer that would pile up if every app built in a test made its own.
 */
export function processMetricsRegistry(): Registry {
  if (processRegistry === undefined) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}
