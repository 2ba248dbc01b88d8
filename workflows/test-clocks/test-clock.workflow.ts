import {
  allHandlersFinished,
  condition,
  continueAsNew,
  getExternalWorkflowHandle,
  log,
  proxyActivities,
  setCurrentDetails,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow';
import type { Activities } from '../../activities';
import { internalActivityOptions } from '../activity-options';
import {
  advanceTestClockSignal,
  testClockDeletedSignal,
  testClockParticipantJoinedSignal,
  testClockParticipantReachedSignal,
  testClockStateQuery,
  testClockTimeSignal,
  type TestClockWorkflowInput,
} from './messages';

const { listTestClockParticipants, completeTestClockAdvance } = proxyActivities<Activities>(internalActivityOptions);

/** Well under Temporal's cap of 51,200 events: a clock advanced many times starts afresh between advances. */
const HISTORY_EVENT_LIMIT = 10_000;

/** What a run hands to the next one (continue-as-new): the advances still queued and what was already reported. */
export interface TestClockCarried {
  frozenTime: string | null;
  queued: string[];
  /** The latest clock time each participant reported reaching (a report may come before the clock asks). */
  reached: Record<string, string>;
}

export interface TestClockWorkflowOptions {
  /** Tests set a small bound to see continue-as-new. */
  historyEventLimit?: number;
}

interface Advance {
  frozenTime: string;
  /** Participants that have not reported reaching `frozenTime`. */
  waiting: Set<string>;
  /** Participants told `frozenTime` (or found completed): not told again. */
  told: Set<string>;
}

const reachedBy = (reached: Record<string, string>, workflowId: string, frozenTime: string): boolean => {
  const at = reached[workflowId];
  return at !== undefined && Date.parse(at) >= Date.parse(frozenTime);
};

/**
 * One test clock's time (`test-clock:<tenantId>:<clockId>`). Each advance (queued in order) lists the workflows of
 * the clock's customers, tells each the new time and waits, with `condition()` and no timer, until every one of
 * them (and any that joined meanwhile) has reported reaching it, then lists again for workflows their work started;
 * once none is new, the clock is READY and `test_clock.ready` is recorded. A participant that has already completed cannot be told: it counts as reported. Deleting the clock ends
 * the workflow.
 */
export async function testClockWorkflow(
  input: TestClockWorkflowInput & TestClockWorkflowOptions,
  carried?: TestClockCarried,
): Promise<void> {
  const state: TestClockCarried = carried ?? { frozenTime: null, queued: [], reached: {} };
  // An object, not a `let`: handlers set it between awaits, which flow analysis does not see.
  const clock: { deleted: boolean; current: Advance | undefined } = { deleted: false, current: undefined };

  setHandler(advanceTestClockSignal, ({ frozenTime }) => {
    // The API sends an advance again while the clock is ADVANCING to it (a retry after a lost signal): once is enough.
    const latest = state.queued.at(-1) ?? state.frozenTime;
    if (latest !== null && Date.parse(frozenTime) <= Date.parse(latest)) return;
    state.queued.push(frozenTime);
  });
  setHandler(testClockDeletedSignal, () => {
    clock.deleted = true;
  });
  setHandler(testClockParticipantReachedSignal, ({ workflowId, frozenTime }) => {
    const before = state.reached[workflowId];
    if (before === undefined || Date.parse(frozenTime) > Date.parse(before)) state.reached[workflowId] = frozenTime;
    const { current } = clock;
    if (current !== undefined && reachedBy(state.reached, workflowId, current.frozenTime)) {
      current.waiting.delete(workflowId);
    }
  });
  setHandler(testClockParticipantJoinedSignal, ({ workflowId }) => {
    const { current } = clock;
    if (current !== undefined && !reachedBy(state.reached, workflowId, current.frozenTime)) {
      current.waiting.add(workflowId);
    }
  });
  setHandler(testClockStateQuery, () => ({
    frozenTime: state.frozenTime,
    waitingFor: clock.current === undefined ? [] : [...clock.current.waiting],
  }));

  const deleted = (): boolean => clock.deleted;
  const ref = { tenantId: input.tenantId, clockId: input.clockId };
  for (;;) {
    setCurrentDetails(`Test clock ${input.clockId} at ${state.frozenTime ?? 'its creation time'}`);
    await condition(() => deleted() || state.queued.length > 0);
    if (deleted()) return;
    const frozenTime = state.queued.shift();
    if (frozenTime === undefined) continue;
    state.frozenTime = frozenTime;
    const advance: Advance = { frozenTime, waiting: new Set(), told: new Set() };
    clock.current = advance;
    // What the participants ran may have made new ones (an invoice finalized starts its dunning ladder): the clock
    // lists again once all reported, until a listing finds no one new.
    for (;;) {
      const fresh = (await listTestClockParticipants(ref)).filter(
        (workflowId) => !advance.told.has(workflowId) && !reachedBy(state.reached, workflowId, frozenTime),
      );
      if (fresh.length === 0) break;
      await tellParticipants(advance, fresh);
      await condition(() => deleted() || advance.waiting.size === 0);
      if (deleted()) return;
    }
    clock.current = undefined;
    await completeTestClockAdvance({ ...ref, frozenTime });
    state.reached = reachedAfter(state.reached, frozenTime);
    const info = workflowInfo();
    if (info.continueAsNewSuggested || info.historyLength >= (input.historyEventLimit ?? HISTORY_EVENT_LIMIT)) {
      await condition(allHandlersFinished);
      return continueAsNew<typeof testClockWorkflow>(input, state);
    }
  }
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
function reachedAfter(reached: Record<string, string>, frozenTime: string): Record<string, string> {
  return Object.fromEntries(Object.entries(reached).filter(([, at]) => Date.parse(at) > Date.parse(frozenTime)));
}
