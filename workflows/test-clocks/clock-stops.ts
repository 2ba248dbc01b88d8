/**
 * Where an advance stops next, from what the participants reported. Pure: the clock's workflow keeps the map.
 *
 * `nextDue` holds, for each participant that reported one, the next instant it has something due at (ISO), or null
 * when it waits only for messages. A participant missing from it is unknown: it is told every stop.
 */
export type NextDueMap = Record<string, string | null>;

/** The earliest next due instant after `after` (the stop just completed; null: none yet), or `target`. */
export function nextStop(input: { target: string; after: string | null; nextDue: NextDueMap }): string {
  const afterMs = input.after === null ? Number.NEGATIVE_INFINITY : Date.parse(input.after);
  let stopMs = Date.parse(input.target);
  for (const at of Object.values(input.nextDue)) {
    if (at === null) continue;
    const atMs = Date.parse(at);
    if (atMs > afterMs && atMs < stopMs) stopMs = atMs;
  }
  return new Date(stopMs).toISOString();
}

/**
 * Whether `workflowId` is told `stop`: always at the advance's target (every local time ends there); before it, when
 * it is unknown or has something due by the stop.
 */
export function isDueBy(input: { workflowId: string; stop: string; target: string; nextDue: NextDueMap }): boolean {
  if (Date.parse(input.stop) >= Date.parse(input.target)) return true;
  const at = input.nextDue[input.workflowId];
  if (at === undefined) return true;
  return at !== null && Date.parse(at) <= Date.parse(input.stop);
}

/** The entries of the participants still listed (ended workflows drop out, so the map stays bounded). */
export function keepListed(nextDue: NextDueMap, listed: readonly string[]): NextDueMap {
  const kept: NextDueMap = {};
  for (const workflowId of listed) {
    const at = nextDue[workflowId];
    if (at !== undefined) kept[workflowId] = at;
  }
  return kept;
}
