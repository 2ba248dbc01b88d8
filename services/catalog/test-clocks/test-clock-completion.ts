import { recordOutboxEvent } from '../../platform/webhooks';
import { findTestClock, markTestClockReady } from './test-clocks';
import type { TenantSql } from '../../../infra/db/tenant-sql';
import type { TestClockRecord } from './test-clock-records';

/** The clock as the API and its `test_clock.ready` event show it (instants as ISO strings). */
export type TestClockView = Pick<TestClockRecord, 'id' | 'name' | 'status' | 'customerCount'> & {
  frozenTime: string;
  createdAt: string;
};

export function testClockView(clock: TestClockRecord): TestClockView {
  return {
    id: clock.id,
    name: clock.name,
    frozenTime: clock.frozenTime.toISOString(),
    status: clock.status,
    customerCount: clock.customerCount,
    createdAt: clock.createdAt.toISOString(),
  };
}

/**
 * Every workflow of the clock's customers has reached `frozenTime`: the clock is READY there, and `test_clock.ready`
 * is recorded in the same transaction (at the clock's time). False, and nothing recorded, when the clock has moved
 * on or is gone (a retried activity that already did it also answers false).
 */
export async function completeTestClockAdvance(
  sql: TenantSql<'test_clocks' | 'webhook_events'>,
  request: { clockId: string; frozenTime: Date },
): Promise<boolean> {
  return sql.transactional(async (transaction) => {
    if (!(await markTestClockReady(sql, transaction, request))) return false;
    const clock = await findTestClock(sql, request.clockId, transaction);
    if (clock === undefined) throw new Error(`test clock ${request.clockId} vanished under its update`);
    await recordOutboxEvent(sql, transaction, {
      type: 'test_clock.ready',
      data: testClockView(clock),
      occurredAt: clock.frozenTime,
      testClockId: clock.id,
    });
    return true;
  });
}
