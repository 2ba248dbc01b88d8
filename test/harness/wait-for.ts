const POLL_INTERVAL_MS = 100;

/**
 * Polls `probe` until it gives a value (anything but undefined) and returns it; throws naming `what` after
 * `timeoutMs`. For conditions reached by another process or server, which a test cannot await directly.
 */
export async function waitForValue<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
}

/** Polls `check` until it is true; throws naming `what` after `timeoutMs`. */
export async function waitUntil(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeoutMs = 10_000,
): Promise<void> {
  await waitForValue(what, async () => ((await check()) ? true : undefined), timeoutMs);
}
