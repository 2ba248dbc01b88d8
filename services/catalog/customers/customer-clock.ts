import { fixedClock, type Clock } from '../../../domain/clock';
import type { SqlTransaction } from '../../../infra/db/sql';
import { quoteIdentifier } from '../../../infra/db/sql-identifier';
import type { TenantSql } from '../../../infra/db/tenant-sql';
import { advancingConflict, findTestClock, lockTestClock, type TestClockRecord } from '../test-clocks';

/** The tables a customer's clock is read from. */
export type CustomerClockSql = TenantSql<'customers' | 'test_clocks'>;

/** The test clock a customer lives on (deleted customers included); undefined on the wall clock or for no customer. */
export async function findCustomerTestClock(
  sql: CustomerClockSql,
  customerId: string,
  transaction?: SqlTransaction,
): Promise<TestClockRecord | undefined> {
  return (await customersTestClocks(sql, [customerId], transaction)).get(customerId);
}

/**
 * The test clocks of those of `customerIds` that live on one, by customer id (customers on the wall clock absent):
 * one statement for the customers, one per clock found.
 */
export async function customersTestClocks(
  sql: CustomerClockSql,
  customerIds: readonly string[],
  transaction?: SqlTransaction,
): Promise<Map<string, TestClockRecord>> {
  const found = new Map<string, TestClockRecord>();
  if (customerIds.length === 0) return found;
  const rows = await sql.query<{ id: string; test_clock_id: string }>(
    `select id, test_clock_id from ${sql.table('customers')}
      where test_clock_id is not null and id in (${customerIds.map(() => '?').join(', ')})`,
    customerIds,
    transaction,
  );
  const clocks = new Map<string, TestClockRecord | undefined>();
  for (const row of rows) {
    if (!clocks.has(row.test_clock_id)) {
      clocks.set(row.test_clock_id, await findTestClock(sql, row.test_clock_id, transaction));
    }
    const clock = clocks.get(row.test_clock_id);
    if (clock !== undefined) found.set(row.id, clock);
  }
  return found;
}

/**
 * The customer's business time: its test clock stopped at the clock's time for a customer on one, `base` (the wall
 * clock) for any other. Whatever a request stamps for one customer (an event's default timestamp, a subscription's
 * start, an invoice's issue date) reads this clock.
 */
export async function customerClock(
  sql: CustomerClockSql,
  customerId: string,
  base: Clock,
  transaction?: SqlTransaction,
): Promise<Clock> {
  const clock = await findCustomerTestClock(sql, customerId, transaction);
  return clock === undefined ? base : fixedClock(clock.frozenTime);
}

/**
 * The customer's business time for a request that changes something of theirs: as `customerClock`, but refused
 * (409 `test_clock_advancing`) while the customer's clock advances. Its workflows are then still catching up with the
 * clock's new time, so a change made now would land before renewals, dunning steps or expiries not yet run (a
 * cancellation dated before months of renewals, an invoice numbered before invoices of earlier dates).
 */
export async function customerRequestClock(sql: CustomerClockSql, customerId: string, base: Clock): Promise<Clock> {
  const clock = await idleCustomerTestClock(sql, customerId);
  return clock === undefined ? base : fixedClock(clock.frozenTime);
}

/** Refuses (409 `test_clock_advancing`) a change for a customer whose test clock is advancing; see above. */
export async function refuseWhileCustomerClockAdvances(sql: CustomerClockSql, customerId: string): Promise<void> {
  await idleCustomerTestClock(sql, customerId);
}

/** The customer's test clock (undefined on the wall clock), refused while it advances. */
async function idleCustomerTestClock(sql: CustomerClockSql, customerId: string): Promise<TestClockRecord | undefined> {
  const clock = await findCustomerTestClock(sql, customerId);
  if (clock?.status === 'ADVANCING') throw advancingConflict(clock);
  return clock;
}

/**
 * The customer's test clock locked `for update` until `transaction` ends (undefined on the wall clock): a request
 * that creates something for the customer holds it, so the clock's advance and the clock's own limits wait for it.
 */
export async function lockCustomerTestClock(
  sql: CustomerClockSql,
  transaction: SqlTransaction,
  customerId: string,
): Promise<TestClockRecord | undefined> {
  const row = await sql.one<{ test_clock_id: string | null }>(
    `select test_clock_id from ${sql.table('customers')} where id = ?`,
    [customerId],
    transaction,
  );
  if (row?.test_clock_id == null) return undefined;
  return lockTestClock(sql, transaction, row.test_clock_id);
}

/**
 * SQL that holds for a row whose customer (`customerIdColumn`, an expression of the caller's statement) lives on the
 * wall clock, for statements that read a tenant schema by name (`schema`) rather than through its tenant SQL: a
 * platform-wide read, such as the operators' payment backlog.
 */
export function onWallClockInSchema(schema: string, customerIdColumn: string): string {
  return `not exists (select 1 from ${quoteIdentifier(schema)}.customers c
    where c.id = ${customerIdColumn} and c.test_clock_id is not null)`;
}
