import { patched } from '@temporalio/workflow';

/**
 * One patch for every test clock path a workflow takes. Each of those paths is a `patched()` branch of its own
 * (recorded runs replay on the paths they took), and every patch costs a run two history events (its marker and the
 * search attribute upsert the SDK adds to it): a clock's dunning ladder paid for three, some 20 % of its history. A
 * run that knows from its start that it lives on a clock asks this one patch instead, first: a worker that records it
 * has code in which every clock patch before it is taken, so the run takes them all without a marker each. Runs
 * recorded before it (the marker absent) ask each patch as they did.
 */
export const CLOCK_PATHS_PATCH = 'test-clock-paths';

/** Whether this run took every clock path at once (module state is per workflow run). */
let everyClockPath = false;

/** For a run on a test clock from its start, before any other clock patch is asked. */
export function takeEveryClockPath(): void {
  everyClockPath = patched(CLOCK_PATHS_PATCH);
}

/** `patched(patchId)` for a test clock path: true without a marker of its own once the run took every clock path. */
export function clockPatched(patchId: string): boolean {
  return everyClockPath || patched(patchId);
}
