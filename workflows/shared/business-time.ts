import {
  condition,
  getExternalWorkflowHandle,
  log,
  proxyLocalActivities,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow';
import type { Activities } from '../../activities';
import { internalLocalActivityOptions } from '../activity-options';
import {
  testClockMessageAppliedSignal,
  testClockParticipantReachedSignal,
  testClockRollCallSignal,
  testClockTimeSignal,
  type ClockMessage,
} from '../test-clocks/messages';
import { clockPatched } from './clock-patches';
import { testClockWorkflowId } from './workflow-ids';

/**
 * "Now" for a customer, as a workflow sees it. An ordinary customer's workflow lives on its own time (`Date.now()`
 * inside a workflow is the time of the workflow task) and waits with durable timers, exactly as before test clocks:
 * no new command, so recorded histories replay unchanged. A workflow of a customer on a test clock lives on the
 * clock's time: it holds the time the clock last signalled (`frozenTime`) and its own position (`localTime`), waits
 * with `condition()` on the signalled time (no timer, nothing polls), and when it wakes for something due it stamps
 * that work at the instant its timer would have fired, so a year of renewals each get their own dates.
 *
 * A timer's summary (what it waits for) is user metadata on its TimerStarted event, shown by Temporal UI instead of
 * the timer's sequence number; it is no part of the command a replay compares, so adding one needs no patch.
 *
 * Module state is per workflow execution (each runs in its own sandbox context).
 */

/** A participant's clock, carried in the workflow's state across continue-as-new. Instants are ISO strings. */
export interface ClockTimeState {
  clockId: string;
  /** The clock's time as last signalled (or read when the workflow loaded its record). */
  frozenTime: string;
  /** Where this workflow is: work runs stamped with it. Never past `frozenTime`. */
  localTime: string;
  /** The clock time this workflow last reported reaching; null before its first report. */
  reportedFor: string | null;
}

/**
 * A test clock's signals (the clock telling its time, a participant's report, an acknowledgement) leave from a local
 * activity: a signal sent as a workflow command costs the sender two history events and a workflow task for its
 * outcome, at every step of every participant; from a local activity it costs one marker and leaves during the
 * sender's workflow task. Runs recorded before the patch replay on the command path.
 */
export const CLOCK_SIGNALS_PATCH = 'test-clock-signals-from-local-activities';

const { sendTestClockSignals } = proxyLocalActivities<Activities>(internalLocalActivityOptions);

/**
 * Sends `signal` to the workflows of `deliveries` from a local activity, answering the ids not running; undefined
 * when this run sends its clock signals as commands (recorded before the patch), which the caller then does.
 */
export async function sendClockSignals(
  input: Parameters<Activities['sendTestClockSignals']>[0],
): Promise<string[] | undefined> {
  if (!clockPatched(CLOCK_SIGNALS_PATCH)) return undefined;
  return sendTestClockSignals(input);
}

/**
 * The clock time of a workflow that loaded its clock while the clock was advancing and has not been told a time yet:
 * before anything it has due, so it waits for the clock to tell it one (the clock's row holds only the advance's end).
 */
export const NOT_TOLD_YET = new Date(0).toISOString();

let clock: ClockTimeState | undefined;
let tenant: string | undefined;
/** A time signalled before the workflow knew its clock (it arrived while the record was loading). */
let signalledEarly: string | undefined;
/** Messages this workflow sent to other participants, and the acknowledgements received (either may come first). */
const expectedAcks = new Set<string>();
const receivedAcks = new Set<string>();
const acksOutstanding = (): boolean => [...expectedAcks].some((messageId) => !receivedAcks.has(messageId));

const later = (a: string, b: string): string => (Date.parse(a) >= Date.parse(b) ? a : b);

/**
 * Registers the clock's time signal. Harmless for an ordinary workflow: nothing sends it one, and a handler adds no
 * command to history.
 */
export function listenToTestClock(): void {
  setHandler(testClockTimeSignal, ({ frozenTime }) => {
    if (clock === undefined)
      signalledEarly = signalledEarly === undefined ? frozenTime : later(signalledEarly, frozenTime);
    else clock.frozenTime = later(clock.frozenTime, frozenTime);
  });
  // A workflow still loading its clock reports once it has (its first report is owed anyway).
  setHandler(testClockRollCallSignal, () => {
    if (clock !== undefined) clock.reportedFor = null;
  });
  setHandler(testClockMessageAppliedSignal, ({ messageId }) => {
    receivedAcks.add(messageId);
  });
}

/** The workflow runs on `state`'s clock from now on (the object itself is updated, so it carries over). */
export function useTestClock(state: ClockTimeState, tenantId: string): void {
  clock = state;
  tenant = tenantId;
  if (signalledEarly !== undefined) state.frozenTime = later(state.frozenTime, signalledEarly);
  signalledEarly = undefined;
}

export const onTestClock = (): boolean => clock !== undefined;

/** The clock the workflow runs on, to carry into its next run; undefined for an ordinary workflow. */
export const currentTestClock = (): ClockTimeState | undefined => clock;

export function businessNowMs(): number {
  return clock === undefined ? Date.now() : Date.parse(clock.localTime);
}

export function businessNowIso(): string {
  return new Date(businessNowMs()).toISOString();
}

/**
 * The message `messageId`, sent to another participant, is to be acknowledged before this workflow next reports to
 * the clock: what it caused is then done when the clock becomes READY.
 */
export function expectAcknowledgement(messageId: string): void {
  expectedAcks.add(messageId);
}

/**
 * A message from another participant is applied at its sender's time: the clock is at least there, so this
 * workflow's clock time and position move up to it (never back).
 */
export function applyClockMessageTime(message: ClockMessage): void {
  applyClockTime(message.at);
}

/**
 * A change another participant asks for at its clock time `at` (a dunning ladder's cancellation at its write-off):
 * this workflow's clock time and position move up to it (never back), so the change is dated there.
 */
export function applyClockTime(at: string): void {
  if (clock === undefined) return;
  clock.frozenTime = later(clock.frozenTime, at);
  clock.localTime = later(clock.localTime, at);
}

/** Tells the sender of `message` that it has been applied; a sender that has ended waits for nothing. */
export async function acknowledgeClockMessage(message: ClockMessage): Promise<void> {
  const applied = { messageId: message.messageId };
  const notRunning = await sendClockSignals({
    signal: 'testClockMessageApplied',
    deliveries: [{ workflowId: message.ackTo, payload: applied }],
  });
  if (notRunning !== undefined) {
    if (notRunning.length > 0) log.info('test clock message sender not reachable', { ackTo: message.ackTo });
    return;
  }
  try {
    await getExternalWorkflowHandle(message.ackTo).signal(testClockMessageAppliedSignal, {
      messageId: message.messageId,
    });
  } catch (error) {
    log.info('test clock message sender not reachable', { ackTo: message.ackTo, error: String(error) });
  }
}

/**
 * Waits until `wakeAtMs` (undefined: no instant, only a message) or until `interrupted()`. Ordinary workflows: a
 * durable timer exactly as before (none when the instant has passed). On a clock: nothing is due up to the clock's
 * time, so the workflow reports that it reached it, then waits for a later signalled time; woken for time, it moves
 * to the instant it waited for.
 */
export async function waitUntil(
  wakeAtMs: number | undefined,
  interrupted: () => boolean,
  summary?: string,
): Promise<void> {
  if (clock === undefined) {
    const waitMs = wakeAtMs === undefined ? undefined : wakeAtMs - Date.now();
    if (waitMs === undefined) await condition(interrupted);
    else if (waitMs > 0) await condition(interrupted, waitMs, summary === undefined ? {} : { summary });
    return;
  }
  const on = clock;
  const due = (): boolean => wakeAtMs !== undefined && Date.parse(on.frozenTime) >= wakeAtMs;
  const unreported = (): boolean => on.reportedFor !== on.frozenTime;
  for (;;) {
    if (interrupted()) return;
    if (wakeAtMs !== undefined && due()) {
      on.localTime = later(on.localTime, new Date(wakeAtMs).toISOString());
      return;
    }
    // A later advance may arrive while the report is on its way: it is reported in turn.
    if (unreported()) await reportClockReached(wakeAtMs);
    else await condition(() => interrupted() || due() || unreported());
  }
}

/**
 * Nothing is due up to the clock's time: this workflow is there, and tells the clock's workflow (once per clock
 * time) with the next instant it has something due at (`nextDueMs`; none when it waits only for messages or ends),
 * so the clock tells it a time again only when something is due. The messages it sent to other participants are
 * acknowledged first. A clock workflow that is gone (the clock was deleted) is no one to tell.
 */
export async function reportClockReached(nextDueMs?: number): Promise<void> {
  if (clock === undefined || tenant === undefined) return;
  const on = clock;
  // What was found not due is up to this time; a later one signalled while acknowledgements come is reported in turn.
  const frozenTime = on.frozenTime;
  if (acksOutstanding()) await condition(() => !acksOutstanding());
  on.localTime = later(on.localTime, frozenTime);
  if (on.reportedFor === frozenTime) return;
  on.reportedFor = frozenTime;
  const { workflowId } = workflowInfo();
  const nextDueAt = nextDueMs === undefined ? null : new Date(nextDueMs).toISOString();
  const clockWorkflowId = testClockWorkflowId(tenant, on.clockId);
  const report = { workflowId, frozenTime, nextDueAt };
  const notRunning = await sendClockSignals({
    signal: 'testClockParticipantReached',
    deliveries: [{ workflowId: clockWorkflowId, payload: report }],
  });
  if (notRunning !== undefined) {
    if (notRunning.length > 0) log.info('test clock workflow not reachable', { clockId: on.clockId });
    return;
  }
  try {
    await getExternalWorkflowHandle(clockWorkflowId).signal(testClockParticipantReachedSignal, report);
  } catch (error) {
    log.info('test clock workflow not reachable', { clockId: on.clockId, error: String(error) });
  }
}
