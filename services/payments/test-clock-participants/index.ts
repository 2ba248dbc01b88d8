export { listTestClockParticipants, type TestClockParticipantDeps } from './test-clock-participants';
export { sendClockSignals, type ClockSignalDelivery, type ClockSignalName } from './clock-signals';
