import { testClockView, type TestClockRecord } from '../../../services/catalog/test-clocks';
import type { TestClockJson } from './schema';

/** The API shows a clock exactly as its `test_clock.ready` event carries it. */
export function presentTestClock(record: TestClockRecord): TestClockJson {
  return testClockView(record);
}
