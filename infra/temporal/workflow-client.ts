import { Client, Connection } from '@temporalio/client';
import type { Config } from '../config';
import { tracingClientInterceptors } from '../tracing/temporal-interceptors';

/** How a process that starts and updates workflows, and runs none, reaches Temporal. */
export interface WorkflowClient {
  client: Client;
  /** The workers' task queue, where workflows are started. */
  taskQueue: string;
}

/**
 * A client whose connection opens on first use: the API boots while Temporal is down, and a request that needs it
 * then fails (503) instead of the process. Keeps the SDK's retry interceptor, which suits workflow calls.
 */
export function lazyWorkflowClient(config: Pick<Config, 'temporal'>): WorkflowClient {
  const connection = Connection.lazy({ address: config.temporal.address });
  return {
    // Starts, signals and updates carry the request's trace to the workflow (inert while tracing is off).
    client: new Client({ connection, namespace: config.temporal.namespace, interceptors: tracingClientInterceptors() }),
    taskQueue: config.temporal.taskQueue,
  };
}
