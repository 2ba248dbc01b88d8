import type { TestClockRecord, TestClockSql } from './test-clock-records';
import type { TestClockAdvancer } from './test-clock-advancer';
import { beginTestClockAdvance } from './test-clocks';

/**
 * Moves a clock to `frozenTime`: the row becomes ADVANCING at that time in its own transaction, and only once that
 * has committed is the clock's workflow told, so the workflow never acts on an advance that rolled back. The clock
 * stays ADVANCING until its workflows have caught up.
 */
export async function advanceTestClock(
  sql: TestClockSql,
  advancer: TestClockAdvancer,
  request: { clockId: string; frozenTime: Date },
): Promise<TestClockRecord> {
  const advanced = await sql.transactional((transaction) => beginTestClockAdvance(sql, transaction, request));
  await advancer.advance({
    tenantId: sql.tenantId,
    clockId: advanced.id,
    frozenTime: advanced.frozenTime.toISOString(),
  });
  return advanced;
}
