import type { Connection } from '@temporalio/client';

export interface PingTemporalOptions {
  /** When given, the namespace must exist (describeNamespace); otherwise only the frontend must answer. */
  namespace?: string;
  timeoutMs?: number;
}

const DEFAULT_PING_TIMEOUT_MS = 2_000;

/**
 * Health probe: one real gRPC call under a short deadline; resolves when healthy, throws otherwise. Give it a
 * connection from `createTemporalHealthConnection`: on a default connection the retry interceptor's backoff
 * outlives the deadline, and closing that connection while a retry is pending crashes the process.
 */
export async function pingTemporal(connection: Connection, options: PingTemporalOptions = {}): Promise<void> {
  const { namespace, timeoutMs = DEFAULT_PING_TIMEOUT_MS } = options;
  await connection.withDeadline(Date.now() + timeoutMs, async () => {
    if (namespace === undefined) await connection.workflowService.getSystemInfo({});
    else await connection.workflowService.describeNamespace({ namespace });
  });
}
