const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** The first two checks; hourly after them (issue 17: at 5 min, 30 min, then hourly until `expiresAt`). */
const FIRST_OFFSETS_MS = [5 * MINUTE_MS, 30 * MINUTE_MS] as const;

/**
 * When the workflow asks the provider's verification API if no notification came: `startMs` + 5 min, + 30 min, then
 * every hour from + 1 h, each strictly before `expiresAtMs`, and a last check at `expiresAtMs` itself (so a payment
 * made in its last minutes is still found before the checkout is failed as expired). Deterministic: workflow time in,
 * instants out.
 */
export function verificationTimes(startMs: number, expiresAtMs: number): number[] {
  const times: number[] = [];
  for (const offset of FIRST_OFFSETS_MS) {
    if (startMs + offset < expiresAtMs) times.push(startMs + offset);
  }
  for (let at = startMs + HOUR_MS; at < expiresAtMs; at += HOUR_MS) times.push(at);
  times.push(expiresAtMs);
  return times;
}
