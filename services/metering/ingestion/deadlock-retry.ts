/** PostgreSQL's deadlock_detected (40P01): the server rolled one of the transactions back. */
function isDeadlock(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '40P01';
}

const ATTEMPTS = 3;

/**
 * Two batches inserting the same transactionIds in different orders each wait for a row the other inserted: the
 * server aborts one. Its transaction rolled back whole, so running it again is safe; by then the other has
 * committed and the shared events are duplicates.
 */
export async function retryOnDeadlock<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (!isDeadlock(error) || attempt >= ATTEMPTS) throw error;
    }
  }
}
