import { defineQuery, defineSignal } from '@temporalio/workflow';

/**
 * The test clock's messages. One workflow per clock (`test-clock:<tenantId>:<clockId>`) owns its time: an advance
 * tells every workflow of the clock's customers (a participant) the new time; each runs what is due up to it in time
 * order, as its timers would have fired, and reports back; the clock is READY when every participant has reported.
 */

export const TEST_CLOCK_WORKFLOW_TYPE = 'testClockWorkflow';

export interface TestClockWorkflowInput {
  tenantId: string;
  clockId: string;
}

/** The API accepted an advance (the clock's row is ADVANCING at `frozenTime`, ISO). Sent with signalWithStart. */
export const advanceTestClockSignal = defineSignal<[{ frozenTime: string }]>('advanceTestClock');

/** The clock was deleted: the workflow stops its participants' waits and ends. */
export const testClockDeletedSignal = defineSignal('testClockDeleted');

/**
 * A workflow of the clock's customers started during an advance (a dunning ladder, a payment, a new subscription's
 * first run): the clock waits for its report too. The clock also lists its participants again once all have reported
 * (subscriptions, ACTIVE wallets, collected invoices' ladders, PENDING payments), so a starter of one of those need not
 * send it; another kind of participant must be announced with it, before its starter reports.
 */
export const testClockParticipantJoinedSignal = defineSignal<[{ workflowId: string }]>('testClockParticipantJoined');

/**
 * A participant has run everything due up to `frozenTime` (ISO) and waits. `nextDueAt` is the next instant it has
 * something due at (ISO), null when it waits only for messages; absent in reports of older workers (the clock then
 * tells it every stop of an advance).
 */
export const testClockParticipantReachedSignal =
  defineSignal<[{ workflowId: string; frozenTime: string; nextDueAt?: string | null }]>('testClockParticipantReached');

/** Clock → participant: the clock's time is now `frozenTime` (ISO); run what is due up to it, then report. */
export const testClockTimeSignal = defineSignal<[{ frozenTime: string }]>('testClockTime');

/**
 * A message sent during an advance by one participant to another (a dunning step telling a subscription it is past
 * due) carries these: the receiver applies it at `at` (the sender's time) and acknowledges `messageId` to `ackTo`,
 * and the sender reports to the clock only once every message it sent is acknowledged.
 */
export interface ClockMessage {
  at: string;
  ackTo: string;
  messageId: string;
}

/** Receiver → sender: the message `messageId` has been applied. */
export const testClockMessageAppliedSignal = defineSignal<[{ messageId: string }]>('testClockMessageApplied');

/**
 * Clock → participant whose next due instant the clock does not know (at an advance's start): report again, with
 * the time reached and the next due instant, without being told a new time.
 */
export const testClockRollCallSignal = defineSignal('testClockRollCall');

export interface TestClockWorkflowView {
  frozenTime: string | null;
  /** Participants that have not reported for the current advance. */
  waitingFor: string[];
}

export const testClockStateQuery = defineQuery<TestClockWorkflowView>('testClockState');
