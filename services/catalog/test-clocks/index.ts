export { TEST_CLOCK_STATUSES, type TestClockRecord, type TestClockStatus } from './test-clock-records';
export {
  TEST_CLOCK_CUSTOMER_LIMIT,
  advancingConflict,
  attachCustomerToClock,
  beginTestClockAdvance,
  createTestClock,
  deleteTestClockRow,
  detachCustomerFromClock,
  findTestClock,
  listTestClocks,
  lockTestClock,
  markTestClockReady,
  nextTestClockNumber,
  requireTestClock,
} from './test-clocks';
export { completeTestClockAdvance, testClockView, type TestClockView } from './test-clock-completion';
export { advanceTestClock } from './advance-test-clock';
export { temporalTestClockAdvancer, type TestClockAdvancer } from './test-clock-advancer';
