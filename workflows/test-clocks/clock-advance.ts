import { condition, getExternalWorkflowHandle, log, proxyActivities, workflowInfo } from '@temporalio/workflow';
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
  const { state, clock, target } = input;
  const nextDue = (state.nextDue ??= {});
  // A resumed advance (continued as new between stops) has called the roll already.
  if (state.stoppedAt === undefined && (await callTheRoll(input.ref, state, clock)) === 'deleted') return 'deleted';
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
 * before the clock's workflow existed, or from an older worker), and waits for their reports.
 */
async function callTheRoll(ref: ClockRef, state: TestClockCarried, clock: ClockRun): Promise<'done' | 'deleted'> {
  const listed = await listTestClockParticipants(ref);
  const unknown = listed.filter((workflowId) => state.nextDue?.[workflowId] === undefined);
  if (unknown.length === 0) return 'done';
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
  return clock.deleted ? 'deleted' : 'done';
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
