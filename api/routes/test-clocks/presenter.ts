import type { TestClockRecord } from '../../../services/catalog/test-clocks';
import type { TestClockJson } from './schema';

export function presentTestClock(record: TestClockRecord): TestClockJson {
  return {
    id: record.id,
    name: record.name,
    frozenTime: record.frozenTime.toISOString(),
    status: record.status,
    customerCount: record.customerCount,
    createdAt: record.createdAt.toISOString(),
  };
}
