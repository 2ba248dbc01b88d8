import {
  allHandlersFinished,
  condition,
  continueAsNew,
  patched,
  proxyActivities,
  setCurrentDetails,
  setHandler,
} from '@temporalio/workflow';
import type { Activities } from '../../activities';
import { internalActivityOptions } from '../activity-options';
import {
  advanceAtOnce,
  advanceInStops,
  historyIsLong,
  reachedAfter,
  reachedBy,
  type ClockRun,
  type TestClockCarried,
  type TestClockWorkflowOptions,
} from './clock-advance';
import {
  advanceTestClockSignal,
  testClockDeletedSignal,
  testClockParticipantJoinedSignal,
  testClockParticipantReachedSignal,
  testClockStateQuery,
  type TestClockWorkflowInput,
} from './messages';

export type { TestClockCarried, TestClockWorkflowOptions };

const { completeTestClockAdvance } = proxyActivities<Activities>(internalActivityOptions);

/**
 * An advance runs in stops: each participant's next due instant, as it reported it, decides where the clock stops
 * next, and only those due by a stop are told it. Clocks recorded before replay their advances in one step.
 */
const STEPPING_PATCH = 'test-clock-advances-in-stops';

/**
 * One test clock's time (`test-clock:<tenantId>:<clockId>`). Each advance (queued in order) runs in time order, in
 * stops (`advanceInStops`): at each stop the clock tells the participants due by it (the workflows of the clock's
 * customers) the stop's time and waits, with `condition()` and no timer, until every one of them (and any that
 * joined meanwhile) has reported reaching it, then lists again for workflows their work started. Once the target is
 * reached and a listing finds no one new, the clock is READY and `test_clock.ready` is recorded. A participant that
 * has already completed cannot be told: it counts as reported. Deleting the clock ends the workflow.
 */
export async function testClockWorkflow(
  input: TestClockWorkflowInput & TestClockWorkflowOptions,
  carried?: TestClockCarried,
): Promise<void> {
  const state: TestClockCarried = carried ?? { frozenTime: null, queued: [], reached: {} };
  // An object, not a `let`: handlers set it between awaits, which flow analysis does not see.
  const clock: ClockRun = { deleted: false, current: undefined, rollCall: new Set(), reportsReceived: 0 };

  setHandler(advanceTestClockSignal, ({ frozenTime }) => {
    // The API sends an advance again while the clock is ADVANCING to it (a retry after a lost signal): once is enough.
    const latest = state.queued.at(-1) ?? state.frozenTime;
    if (latest !== null && Date.parse(frozenTime) <= Date.parse(latest)) return;
    state.queued.push(frozenTime);
  });
  setHandler(testClockDeletedSignal, () => {
    clock.deleted = true;
  });
  setHandler(testClockParticipantReachedSignal, ({ workflowId, frozenTime, nextDueAt }) => {
    const before = state.reached[workflowId];
    if (before === undefined || Date.parse(frozenTime) > Date.parse(before)) state.reached[workflowId] = frozenTime;
    // Reports of one participant arrive in the order it sent them: the latest tells its next due instant.
    if (nextDueAt !== undefined) (state.nextDue ??= {})[workflowId] = nextDueAt;
    clock.rollCall.delete(workflowId);
    clock.reportsReceived += 1;
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
    const resumed = state.stoppedAt;
    if (resumed === undefined) {
      await condition(() => deleted() || state.queued.length > 0);
      if (deleted()) return;
    }
    const from = state.frozenTime;
    const frozenTime = resumed === undefined ? state.queued.shift() : state.frozenTime;
    if (frozenTime == null) continue;
    state.frozenTime = frozenTime;
    const advance = { ref, state, clock, target: frozenTime };
    if (resumed !== undefined || patched(STEPPING_PATCH)) {
      const outcome = await advanceInStops({ ...advance, options: input, after: resumed ?? from });
      if (outcome === 'deleted') return;
      if (outcome === 'continueAsNew') {
        await condition(allHandlersFinished);
        return continueAsNew<typeof testClockWorkflow>(input, state);
      }
    } else if ((await advanceAtOnce(advance)) === 'deleted') return;
    clock.current = undefined;
    await completeTestClockAdvance({ ...ref, frozenTime });
    state.reached = reachedAfter(state.reached, frozenTime);
    if (historyIsLong(input)) {
      await condition(allHandlersFinished);
      return continueAsNew<typeof testClockWorkflow>(input, state);
    }
  }
}
