import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import {
  testClockMessageAppliedSignal,
  testClockParticipantReachedSignal,
  testClockRollCallSignal,
  testClockTimeSignal,
} from '../../../workflows/test-clocks/messages';

/** The signals a test clock's advance passes between its workflows, by name (workflow payloads carry the name). */
const CLOCK_SIGNALS = {
  testClockTime: testClockTimeSignal,
  testClockParticipantReached: testClockParticipantReachedSignal,
  testClockMessageApplied: testClockMessageAppliedSignal,
  testClockRollCall: testClockRollCallSignal,
} as const;

export type ClockSignalName = keyof typeof CLOCK_SIGNALS;

export interface ClockSignalDelivery {
  workflowId: string;
  /** The signal's argument; absent for a signal that takes none (the roll call). */
  payload?: unknown;
}

/** Signals in flight at once: a stop may tell a thousand workflows, and each call is a short round trip. */
const SIGNALS_IN_FLIGHT = 16;

/**
 * Sends `signal` to each delivery's workflow through the client, and answers the workflow ids that are not running
 * (completed, or never started), which have nothing to be told. Any other failure throws, and the caller's retry
 * sends them all again: every clock signal is idempotent (a time only moves forward, a report keeps the latest, an
 * acknowledgement is a set member, a roll call asks for one more report).
 */
export async function sendClockSignals(
  client: Client,
  input: { signal: ClockSignalName; deliveries: readonly ClockSignalDelivery[] },
): Promise<string[]> {
  const definition = CLOCK_SIGNALS[input.signal];
  const notRunning: string[] = [];
  const send = async ({ workflowId, payload }: ClockSignalDelivery): Promise<void> => {
    try {
      const handle = client.workflow.getHandle(workflowId);
      await (payload === undefined ? handle.signal(definition.name) : handle.signal(definition.name, payload));
    } catch (error) {
      if (!(error instanceof WorkflowNotFoundError)) throw error;
      notRunning.push(workflowId);
    }
  };
  for (let start = 0; start < input.deliveries.length; start += SIGNALS_IN_FLIGHT) {
    await Promise.all(input.deliveries.slice(start, start + SIGNALS_IN_FLIGHT).map(send));
  }
  return notRunning;
}
