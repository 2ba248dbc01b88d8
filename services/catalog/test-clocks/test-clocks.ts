import type { SqlTransaction } from '../../../infra/db/sql';
import { newId } from '../../../infra/ids';
import { AppError, conflict, notFound } from '../../platform/errors';
import {
  toTestClockRecord,
  type TestClockRecord,
  type TestClockRow,
  type TestClockSql,
  testClockColumns,
} from './test-clock-records';

/** Customers one clock may hold. */
export const TEST_CLOCK_CUSTOMER_LIMIT = 100;
/** How far one advance may move a clock past its time before the advance. */
const MAX_ADVANCE_YEARS = 2;

const notFoundError = (id: string) => notFound('test_clock_not_found', `Test clock ${id} not found`);

/** An advance's target refused (400), naming the request's field as validation failures do. */
const frozenTimeRefused = (code: string, message: string) =>
  new AppError('invalid', code, `frozenTime ${message}`, [{ path: 'body.frozenTime', message }]);

export async function createTestClock(
  sql: TestClockSql,
  clock: { name: string | null; frozenTime: Date },
): Promise<TestClockRecord> {
  const row = await sql.oneOrFail<TestClockRow>(
    `insert into ${sql.table('test_clocks')} (id, name, frozen_time) values (?, ?, ?) returning ${testClockColumns(sql)}`,
    [newId('testClock'), clock.name, clock.frozenTime],
  );
  return toTestClockRecord(row);
}

export async function findTestClock(
  sql: TestClockSql,
  id: string,
  transaction?: SqlTransaction,
): Promise<TestClockRecord | undefined> {
  const row = await sql.one<TestClockRow>(
    `select ${testClockColumns(sql)} from ${sql.table('test_clocks')} where id = ?`,
    [id],
    transaction,
  );
  return row === undefined ? undefined : toTestClockRecord(row);
}

export async function requireTestClock(
  sql: TestClockSql,
  id: string,
  transaction?: SqlTransaction,
): Promise<TestClockRecord> {
  const clock = await findTestClock(sql, id, transaction);
  if (clock === undefined) throw notFoundError(id);
  return clock;
}

/** The clock, locked `for update` until `transaction` ends: what is created for its customers waits for an advance. */
export async function lockTestClock(
  sql: TestClockSql,
  transaction: SqlTransaction,
  id: string,
): Promise<TestClockRecord | undefined> {
  const row = await sql.one<TestClockRow>(
    `select ${testClockColumns(sql)} from ${sql.table('test_clocks')} where id = ? for update`,
    [id],
    transaction,
  );
  return row === undefined ? undefined : toTestClockRecord(row);
}

/** A page of the tenant's clocks, newest first. */
export async function listTestClocks(
  sql: TestClockSql,
  options: { limit: number; offset: number },
): Promise<{ records: TestClockRecord[]; total: number }> {
  const [rows, totals] = await Promise.all([
    sql.query<TestClockRow>(
      `select ${testClockColumns(sql)} from ${sql.table('test_clocks')}
        order by created_at desc, id desc limit ? offset ?`,
      [options.limit, options.offset],
    ),
    sql.query<{ total: string }>(`select count(*) as total from ${sql.table('test_clocks')}`),
  ]);
  return { records: rows.map(toTestClockRecord), total: Number(totals[0]?.total ?? 0) };
}

/**
 * Holds the clock's row lock for a new customer's creating transaction and checks its room: 404 for an unknown clock,
 * 409 `test_clock_customer_limit` when it has its limit of customers not deleted. The count is a statement after the
 * lock, so it sees every customer an earlier holder of the lock committed.
 */
export async function attachCustomerToClock(
  sql: TestClockSql,
  transaction: SqlTransaction,
  clockId: string,
): Promise<TestClockRecord> {
  // `no key update`, as an update of the row would take: rows that reference the clock (the customer itself) are
  // not held up by it, only other attaches and advances.
  const locked = await sql.query<{ id: string }>(
    `select id from ${sql.table('test_clocks')} where id = ? for no key update`,
    [clockId],
    transaction,
  );
  if (locked.length === 0) throw notFoundError(clockId);
  const clock = await requireTestClock(sql, clockId, transaction);
  if (clock.customerCount < TEST_CLOCK_CUSTOMER_LIMIT) return clock;
  throw conflict(
    'test_clock_customer_limit',
    `Test clock ${clockId} already has ${TEST_CLOCK_CUSTOMER_LIMIT} customers, its limit`,
  );
}

/**
 * Starts an advance: forward only and at most two years past the clock's time. A clock already ADVANCING refuses any
 * advance, the same one included (409 `test_clock_advancing`): the answer then carries the time it is advancing to,
 * so the caller can tell its workflow again (see `advanceTestClock`). The clock's time becomes `frozenTime` at once;
 * it is ADVANCING until its workflows report.
 */
export async function beginTestClockAdvance(
  sql: TestClockSql,
  transaction: SqlTransaction,
  request: { clockId: string; frozenTime: Date },
): Promise<TestClockAdvanceStart> {
  const row = await sql.one<TestClockRow>(
    `select ${testClockColumns(sql)} from ${sql.table('test_clocks')} where id = ? for update`,
    [request.clockId],
    transaction,
  );
  if (row === undefined) throw notFoundError(request.clockId);
  const clock = toTestClockRecord(row);
  if (clock.status === 'ADVANCING') return { began: false, clock };
  if (request.frozenTime.getTime() <= clock.frozenTime.getTime()) {
    throw frozenTimeRefused(
      'test_clock_not_forward',
      `must be after the clock's time ${clock.frozenTime.toISOString()}`,
    );
  }
  const limit = new Date(clock.frozenTime);
  limit.setUTCFullYear(limit.getUTCFullYear() + MAX_ADVANCE_YEARS);
  if (request.frozenTime.getTime() > limit.getTime()) {
    throw frozenTimeRefused('test_clock_advance_too_far', `may be at most ${limit.toISOString()} in one advance`);
  }
  const advanced = await sql.oneOrFail<TestClockRow>(
    `update ${sql.table('test_clocks')} set frozen_time = ?, status = 'ADVANCING', updated_at = now()
      where id = ? returning ${testClockColumns(sql)}`,
    [request.frozenTime, clock.id],
    transaction,
  );
  return { began: true, clock: toTestClockRecord(advanced) };
}

/** An advance begun (the clock now ADVANCING to it), or refused because the clock was already ADVANCING. */
export interface TestClockAdvanceStart {
  began: boolean;
  clock: TestClockRecord;
}

/** The refusal of an advance sent while the clock advances. */
export function advancingConflict(clock: TestClockRecord): Error {
  return conflict(
    'test_clock_advancing',
    `Test clock ${clock.id} is advancing to ${clock.frozenTime.toISOString()}; wait until it is READY`,
  );
}

/**
 * The clock is READY at `frozenTime` once its workflows reported. False when it moved on meanwhile (a later advance
 * owns the status) or is gone.
 */
export async function markTestClockReady(
  sql: TestClockSql,
  transaction: SqlTransaction,
  request: { clockId: string; frozenTime: Date },
): Promise<boolean> {
  const rows = await sql.query<{ id: string }>(
    `update ${sql.table('test_clocks')} set status = 'READY', updated_at = now()
      where id = ? and frozen_time = ? and status = 'ADVANCING' returning id`,
    [request.clockId, request.frozenTime],
    transaction,
  );
  return rows.length > 0;
}

/** The next number of the clock's own invoice or credit-note sequence, taken under the clock's row lock. */
export async function nextTestClockNumber(
  sql: TestClockSql,
  transaction: SqlTransaction,
  request: { clockId: string; document: 'invoice' | 'credit_note' },
): Promise<number> {
  const column = request.document === 'invoice' ? 'invoice_sequence' : 'credit_note_sequence';
  const row = await sql.oneOrFail<{ next: string }>(
    `update ${sql.table('test_clocks')} set ${column} = ${column} + 1 where id = ? returning ${column} as next`,
    [request.clockId],
    transaction,
  );
  return Number(row.next);
}

/** Removes the clock row; its customers and their records must be gone first (same transaction). */
export async function deleteTestClockRow(
  sql: TestClockSql,
  transaction: SqlTransaction,
  clockId: string,
): Promise<void> {
  await sql.query(`delete from ${sql.table('test_clocks')} where id = ?`, [clockId], transaction);
}
