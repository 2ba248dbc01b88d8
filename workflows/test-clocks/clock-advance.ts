import {
  condition,
  getExternalWorkflowHandle,
  log,
  patched,
  proxyActivities,
  workflowInfo,
} from '@temporalio/workflow';
import type { Activities } from '../../activities';
import { internalActivityOptions } from '../activity-options';
import { sendClockSignals } from '../shared/business-time';
import { isDueBy, keepListed, nextStop, type NextDueMap } from './clock-stops';
import { testClockRollCallSignal, testClockTimeSignal } from './messages';

/**
 * Scheduled, unlike the participants' activities on a clock: a listing starts the ladders owed a start, which can take
 * seconds, longer than a workflow task should stay open.
 */
const { listTestClockParticipants } = proxyActivities<Activities>(internalActivityOptions);

/**
 * Before its first stop an advance settles what the clock's customers just started: the roll call repeats until a
 * listing finds no participant whose next due instant is unknown (a subscription created just before the advance
 * issues its first invoice while it is called, and that invoice's ladder is listed only after), and a participant due
 * at or before the clock's own time (that ladder, its invoice due at once) runs there first, before anyone is told a
 * later time. Runs recorded before step as they did.
 */
const SETTLE_BEFORE_STEPPING_PATCH = 'test-clock-settles-before-stepping';

/**
 * A participant's report that arrives while a listing runs may tell of work done after the listing read the database
 * (a subscription that issued its first invoice, whose ladder the listing could not see): the roll call lists once
 * more. Runs recorded before took such a listing as final, and their clock went past the ladder's due date.
 */
const QUIET_LISTING_PATCH = 'test-clock-roll-call-lists-after-reports';

/** Well under Temporal's cap of 51,200 events: a clock advanced many times starts afresh between advances. */
const HISTORY_EVENT_LIMIT = 10_000;

/** What a run hands to the next one (continue-as-new): the advances still queued and what was already reported. */
export interface TestClockCarried {
  frozenTime: string | null;
  queued: string[];
  /** The latest clock time each participant reported reaching (a report may come before the clock asks). */
  reached: Record<string, string>;
  /** Each participant's next due instant as it last reported it (absent in runs carried before stepping). */
  nextDue?: NextDueMap;
  /** An advance (to `frozenTime`) that continued as new between stops: the last stop it completed. */
  stoppedAt?: string;
}

export interface TestClockWorkflowOptions {
  /** Tests set a small bound to see continue-as-new. */
  historyEventLimit?: number;
}

/** One time the clock tells its participants: an advance's end, or one of its stops. */
export interface Advance {
  frozenTime: string;
  /** Participants that have not reported reaching `frozenTime`. */
  waiting: Set<string>;
  /** Participants told `frozenTime` (or found completed): not told again. */
  told: Set<string>;
}

/** The run's handlers and its main loop share this (an object: handlers set it between awaits). */
export interface ClockRun {
  deleted: boolean;
  current: Advance | undefined;
  /** Participants asked to report again (their next due instant unknown) that have not yet. */
  rollCall: Set<string>;
  /** Reports this run has received: a listing during which one arrived may not show what that report's work made. */
  reportsReceived: number;
}

type ClockRef = { tenantId: string; clockId: string };

export const reachedBy = (reached: Record<string, string>, workflowId: string, frozenTime: string): boolean => {
  const at = reached[workflowId];
  return at !== undefined && Date.parse(at) >= Date.parse(frozenTime);
};

export const historyIsLong = (input: TestClockWorkflowOptions): boolean => {
  const info = workflowInfo();
  return info.continueAsNewSuggested || info.historyLength >= (input.historyEventLimit ?? HISTORY_EVENT_LIMIT);
};

/**
 * Tells `advance.frozenTime` to the participants that `pick` selects from each listing, waits for their reports,
 * and lists again for workflows their work started, until a listing finds no one new. `first` are told before the
 * first listing (those known to be due), so a stop where nothing new appears costs one listing.
 */
async function tellUntilNoneFresh(input: {
  ref: ClockRef;
  state: TestClockCarried;
  clock: ClockRun;
  advance: Advance;
  pick: (workflowId: string) => boolean;
  first?: string[];
}): Promise<string[] | 'deleted'> {
  const { state, clock, advance } = input;
  clock.current = advance;
  const notYet = (workflowId: string): boolean =>
    !advance.told.has(workflowId) &&
    !reachedBy(state.reached, workflowId, advance.frozenTime) &&
    input.pick(workflowId);
  let fresh = (input.first ?? []).filter(notYet);
  for (;;) {
    if (fresh.length > 0) {
      await tellParticipants(advance, fresh);
      await condition(() => clock.deleted || advance.waiting.size === 0);
      if (clock.deleted) return 'deleted';
    }
    const listed = await listTestClockParticipants(input.ref);
    fresh = listed.filter(notYet);
    if (fresh.length === 0) return listed;
  }
}

/**
 * The advance as recorded before stepping: every participant told the final time at once, each running all it has
 * due up to it on its own.
 */
export async function advanceAtOnce(input: {
  ref: ClockRef;
  state: TestClockCarried;
  clock: ClockRun;
  target: string;
}): Promise<'done' | 'deleted'> {
  const advance: Advance = { frozenTime: input.target, waiting: new Set(), told: new Set() };
  const outcome = await tellUntilNoneFresh({ ...input, advance, pick: () => true });
  return outcome === 'deleted' ? 'deleted' : 'done';
}

/**
 * The advance in stops, in time order. Participants whose next due instant is unknown are first asked to report it.
 * Then each stop is the earliest next due instant after the last (or the target): the participants due by it (and
 * those unknown) are told it and waited for, and the clock lists again for workflows their work started, told the
 * same stop, until none is new. At the target every participant is told it. Between stops the run continues as new
 * when its history is long (`stoppedAt` resumes it).
 */
export async function advanceInStops(input: {
  options: TestClockWorkflowOptions;
  ref: ClockRef;
  state: TestClockCarried;
  clock: ClockRun;
  target: string;
  after: string | null;
}): Promise<'done' | 'deleted' | 'continueAsNew'> {
  const { state, target } = input;
  const nextDue = (state.nextDue ??= {});
  // A resumed advance (continued as new between stops) has called the roll and settled already.
  if (state.stoppedAt === undefined && (await settleBeforeStepping(input)) === 'deleted') return 'deleted';
  let after = input.after;
  for (;;) {
    const stop = nextStop({ target, after, nextDue });
    const advance: Advance = { frozenTime: stop, waiting: new Set(), told: new Set() };
    const pick = (workflowId: string): boolean => isDueBy({ workflowId, stop, target, nextDue });
    const listed = await tellUntilNoneFresh({ ...input, advance, pick, first: Object.keys(nextDue) });
    if (listed === 'deleted') return 'deleted';
    if (stop === target) {
      state.nextDue = keepListed(nextDue, listed);
      delete state.stoppedAt;
      return 'done';
    }
    forgetUntold(nextDue, advance);
    after = stop;
    if (historyIsLong(input.options)) {
      state.stoppedAt = stop;
      return 'continueAsNew';
    }
  }
}

/**
 * The roll call, repeated (on runs recorded from the patch) until every listed participant's next due instant is
 * known; then, when one is due at or before the clock's own time (`after`), a stop there for those alone.
 */
async function settleBeforeStepping(input: {
  ref: ClockRef;
  state: TestClockCarried;
  clock: ClockRun;
  target: string;
  after: string | null;
}): Promise<'done' | 'deleted'> {
  const { ref, state, clock, target, after } = input;
  const settle = patched(SETTLE_BEFORE_STEPPING_PATCH);
  if ((await callTheRoll(ref, state, clock, settle)) === 'deleted') return 'deleted';
  const nextDue = state.nextDue ?? {};
  if (!settle || after === null || !anyDueBy(nextDue, after)) return 'done';
  const advance: Advance = { frozenTime: after, waiting: new Set(), told: new Set() };
  const pick = (workflowId: string): boolean => isDueBy({ workflowId, stop: after, target, nextDue });
  const listed = await tellUntilNoneFresh({ ref, state, clock, advance, pick, first: Object.keys(nextDue) });
  if (listed === 'deleted') return 'deleted';
  forgetUntold(nextDue, advance);
  return 'done';
}

const anyDueBy = (nextDue: NextDueMap, at: string): boolean =>
  Object.values(nextDue).some((due) => due !== null && Date.parse(due) <= Date.parse(at));

/**
 * A participant told a stop that reported nothing after it could not be told (it has ended): it is told again only at
 * the target, where an ended one drops out of the map.
 */
function forgetUntold(nextDue: NextDueMap, advance: Advance): void {
  for (const workflowId of advance.told) {
    const at = nextDue[workflowId];
    if (at != null && Date.parse(at) <= Date.parse(advance.frozenTime)) nextDue[workflowId] = null;
  }
}

/**
 * Asks the listed participants whose next due instant the clock does not know to report again (they reported
 * before the clock's workflow existed, or from an older worker, or just started), and waits for their reports;
 * `untilKnown`: then lists again, and calls the ones the reported work started, until none is unknown.
 */
async function callTheRoll(
  ref: ClockRef,
  state: TestClockCarried,
  clock: ClockRun,
  untilKnown: boolean,
): Promise<'done' | 'deleted'> {
  // Each participant is called once: one that reports no next due instant (an older worker) is not called for ever.
  const called = new Set<string>();
  for (;;) {
    const outcome = await callTheRollOnce(ref, state, clock, called);
    if (outcome === 'deleted') return 'deleted';
    if (!untilKnown || outcome === 'none') return 'done';
    // Asked only when it happens, so runs recorded before replay as they ran.
    if (outcome === 'reportedMeanwhile' && !patched(QUIET_LISTING_PATCH)) return 'done';
  }
}

/**
 * One listing and the roll call of its unknown participants: `none` when it found no one to call and no report came
 * while it ran, `reportedMeanwhile` when it found no one to call but a report came while it ran.
 */
async function callTheRollOnce(
  ref: ClockRef,
  state: TestClockCarried,
  clock: ClockRun,
  called: Set<string>,
): Promise<'none' | 'reportedMeanwhile' | 'called' | 'deleted'> {
  const reportsBefore = clock.reportsReceived;
  const listed = await listTestClockParticipants(ref);
  const unknown = listed.filter((workflowId) => state.nextDue?.[workflowId] === undefined && !called.has(workflowId));
  if (unknown.length === 0) return clock.reportsReceived === reportsBefore ? 'none' : 'reportedMeanwhile';
  for (const workflowId of unknown) called.add(workflowId);
  for (const workflowId of unknown) clock.rollCall.add(workflowId);
  const notRunning = await sendClockSignals({
    signal: 'testClockRollCall',
    deliveries: unknown.map((workflowId) => ({ workflowId })),
  });
  for (const workflowId of notRunning ?? []) {
    log.info('test clock participant not running', { workflowId });
    clock.rollCall.delete(workflowId);
  }
  if (notRunning === undefined) await callTheRollByCommands(unknown, clock);
  await condition(() => clock.deleted || clock.rollCall.size === 0);
  return clock.deleted ? 'deleted' : 'called';
}

/** The roll call as runs recorded before clock signals left from local activities sent it. */
async function callTheRollByCommands(unknown: string[], clock: ClockRun): Promise<void> {
  await Promise.all(
    unknown.map(async (workflowId) => {
      try {
        await getExternalWorkflowHandle(workflowId).signal(testClockRollCallSignal);
      } catch (error) {
        log.info('test clock participant not running', { workflowId, error: String(error) });
        clock.rollCall.delete(workflowId);
      }
    }),
  );
}

/**
 * Tells each participant the advance's time; one that cannot be told (it has completed, or never started) has
 * nothing to run and counts as reported.
 */
async function tellParticipants(advance: Advance, workflowIds: string[]): Promise<void> {
  for (const workflowId of workflowIds) {
    advance.waiting.add(workflowId);
    advance.told.add(workflowId);
  }
  const notRunning = await sendClockSignals({
    signal: 'testClockTime',
    deliveries: workflowIds.map((workflowId) => ({ workflowId, payload: { frozenTime: advance.frozenTime } })),
  });
  if (notRunning === undefined) return tellByCommands(advance, workflowIds);
  for (const workflowId of notRunning) {
    log.info('test clock participant not running', { workflowId });
    advance.waiting.delete(workflowId);
  }
}

/** The telling as runs recorded before clock signals left from local activities sent it. */
async function tellByCommands(advance: Advance, workflowIds: string[]): Promise<void> {
  await Promise.all(
    workflowIds.map(async (workflowId) => {
      try {
        await getExternalWorkflowHandle(workflowId).signal(testClockTimeSignal, { frozenTime: advance.frozenTime });
      } catch (error) {
        log.info('test clock participant not running', { workflowId, error: String(error) });
        advance.waiting.delete(workflowId);
      }
    }),
  );
}

/** Reports up to a completed advance are spent; a later one (a participant ahead of the clock) is kept. */
export function reachedAfter(reached: Record<string, string>, frozenTime: string): Record<string, string> {
  return Object.fromEntries(Object.entries(reached).filter(([, at]) => Date.parse(at) > Date.parse(frozenTime)));
}
