export { listTestClockParticipants } from './test-clock-participants';
