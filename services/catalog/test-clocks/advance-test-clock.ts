import type { TestClockRecord, TestClockSql } from './test-clock-records';
import type { TestClockAdvancer } from './test-clock-advancer';
import { advancingConflict, beginTestClockAdvance } from './test-clocks';

/**
 * Moves a clock to `frozenTime`: the row becomes ADVANCING at that time in its own transaction, and only once that
 * has committed is the clock's workflow told, so the workflow never acts on an advance that rolled back. The clock
 * stays ADVANCING until its workflows have caught up. An advance sent while the clock is ADVANCING is refused (409),
 * after telling the workflow once more the time the clock is advancing to: if the first telling failed after the row
 * committed (Temporal unreachable), that is what gets the clock moving again; the workflow ignores a time it knows.
 */
export async function advanceTestClock(
  sql: TestClockSql,
  advancer: TestClockAdvancer,
  request: { clockId: string; frozenTime: Date },
): Promise<TestClockRecord> {
  const start = await sql.transactional((transaction) => beginTestClockAdvance(sql, transaction, request));
  const advanced = start.clock;
  await advancer.advance({
    tenantId: sql.tenantId,
    clockId: advanced.id,
    frozenTime: advanced.frozenTime.toISOString(),
  });
  if (!start.began) throw advancingConflict(advanced);
  return advanced;
}
