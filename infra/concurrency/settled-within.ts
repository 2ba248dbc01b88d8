/**
 * The promise's value if it fulfils within `ms`; undefined if it rejects or takes longer (it is then left to settle
 * unobserved). For answers that must come quickly whatever a dependency does: a health probe, a header read.
 */
export async function settledWithin<T>(ms: number, promise: Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => {
      resolve(undefined);
    }, ms);
    timer.unref();
  });
  try {
    return await Promise.race([promise.catch(() => undefined), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
