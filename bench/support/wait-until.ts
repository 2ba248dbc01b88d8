const POLL_INTERVAL_MS = 100;

/** Polls `check` every 100 ms until it holds; throws naming `what` after `timeoutMs`. */
export async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
}
