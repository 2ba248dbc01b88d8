export { listTestClockParticipants, type TestClockParticipantDeps } from './test-clock-participants';
