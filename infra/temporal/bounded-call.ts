import { ServiceError } from '@temporalio/client';
import type { WorkflowClient } from './workflow-client';

/**
 * Runs a Temporal client call with its deadline: the abort reaches the call, but not the opening of a lazy connection
 * to a Temporal that is down (about 20 s), so the wait itself is raced against the deadline too. Past it, rejects with
 * a `ServiceError` (whichever rejected first); a late outcome of the abandoned call is dropped.
 */
export async function withinDeadline<T>(
  temporal: WorkflowClient,
  timeoutMs: number,
  call: () => Promise<T>,
): Promise<T> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const running = temporal.client.connection.withAbortSignal(timeout, call);
  running.catch(() => undefined);
  const deadline = new Promise<never>((_, reject) => {
    timeout.addEventListener(
      'abort',
      () => {
        reject(new ServiceError(`Temporal did not answer within ${String(timeoutMs)} ms`));
      },
      { once: true },
    );
  });
  try {
    return await Promise.race([running, deadline]);
  } catch (error) {
    // The aborted call may reject first, with the abort's own error.
    if (timeout.aborted && !(error instanceof ServiceError)) {
      throw new ServiceError(`Temporal did not answer within ${String(timeoutMs)} ms`, {
        cause: error instanceof Error ? error : new Error(String(error)),
      });
    }
    throw error;
  }
}
