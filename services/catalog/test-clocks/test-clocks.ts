import type { SqlTransaction } from '../../../infra/db/sql';
import { newId } from '../../../infra/ids';
import { AppError, conflict, notFound } from '../../platform/errors';
import {
  TEST_CLOCK_COLUMNS,
  toTestClockRecord,
  type TestClockRecord,
  type TestClockRow,
  type TestClockSql,
} from './test-clock-records';

/** Customers one clock may hold. */
export const TEST_CLOCK_CUSTOMER_LIMIT = 100;
/** How far one advance may move a clock past its time before the advance. */
const MAX_ADVANCE_YEARS = 2;

/**
 * A clock's time stays before this instant (at creation and after every advance), so that everything it drives (a
 * period, a trial, a dunning ladder, a wallet's expiry) ends long before the year 9999 that timestamps can express.
 */
export const TEST_CLOCK_TIME_LIMIT = new Date('9000-01-01T00:00:00.000Z');

const notFoundError = (id: string) => notFound('test_clock_not_found', `Test clock ${id} not found`);

/** An advance's target refused (400), naming the request's field as validation failures do. */
const frozenTimeRefused = (code: string, message: string) =>
  new AppError('invalid', code, `frozenTime ${message}`, [{ path: 'body.frozenTime', message }]);

/** Refuses (400 `validation_failed`, naming `body.frozenTime`) a clock time at or past TEST_CLOCK_TIME_LIMIT. */
function refuseTimePastLimit(frozenTime: Date): void {
  if (frozenTime.getTime() < TEST_CLOCK_TIME_LIMIT.getTime()) return;
  throw frozenTimeRefused('validation_failed', `must be before ${TEST_CLOCK_TIME_LIMIT.toISOString()}`);
}

export async function createTestClock(
  sql: TestClockSql,
  clock: { name: string | null; frozenTime: Date },
): Promise<TestClockRecord> {
  refuseTimePastLimit(clock.frozenTime);
  const row = await sql.oneOrFail<TestClockRow>(
    `insert into ${sql.table('test_clocks')} (id, name, frozen_time) values (?, ?, ?) returning ${TEST_CLOCK_COLUMNS}`,
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
    `select ${TEST_CLOCK_COLUMNS} from ${sql.table('test_clocks')} where id = ?`,
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
    `select ${TEST_CLOCK_COLUMNS} from ${sql.table('test_clocks')} where id = ? for update`,
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
      `select ${TEST_CLOCK_COLUMNS} from ${sql.table('test_clocks')}
        order by created_at desc, id desc limit ? offset ?`,
      [options.limit, options.offset],
    ),
    sql.query<{ total: string }>(`select count(*) as total from ${sql.table('test_clocks')}`),
  ]);
  return { records: rows.map(toTestClockRecord), total: Number(totals[0]?.total ?? 0) };
}

/**
 * Counts a new customer on the clock under its row lock, in the customer's creating transaction: 404 for an unknown
 * clock, 409 `test_clock_advancing` while it advances (the customer would be made at a time its clock has not
 * reached yet), 409 `test_clock_customer_limit` past the limit.
 */
export async function attachCustomerToClock(
  sql: TestClockSql,
  transaction: SqlTransaction,
  clockId: string,
): Promise<TestClockRecord> {
  const row = await sql.one<TestClockRow>(
    `update ${sql.table('test_clocks')} set customer_count = customer_count + 1, updated_at = now()
      where id = ? and customer_count < ? and status = 'READY' returning ${TEST_CLOCK_COLUMNS}`,
    [clockId, TEST_CLOCK_CUSTOMER_LIMIT],
    transaction,
  );
  if (row !== undefined) return toTestClockRecord(row);
  const clock = await requireTestClock(sql, clockId, transaction);
  if (clock.status === 'ADVANCING') throw advancingConflict(clock);
  throw conflict(
    'test_clock_customer_limit',
    `Test clock ${clockId} already has ${TEST_CLOCK_CUSTOMER_LIMIT} customers, its limit`,
  );
}

/**
 * A customer of the clock was deleted, in the deleting transaction: it no longer counts, and its place is free for
 * another. The customer's row is locked first, as every request that writes for the customer locks it first.
 */
export async function detachCustomerFromClock(
  sql: TestClockSql,
  transaction: SqlTransaction,
  clockId: string,
): Promise<void> {
  await sql.query(
    `update ${sql.table('test_clocks')} set customer_count = greatest(customer_count - 1, 0), updated_at = now()
      where id = ?`,
    [clockId],
    transaction,
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
    `select ${TEST_CLOCK_COLUMNS} from ${sql.table('test_clocks')} where id = ? for update`,
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
  refuseTimePastLimit(request.frozenTime);
  const advanced = await sql.oneOrFail<TestClockRow>(
    `update ${sql.table('test_clocks')} set frozen_time = ?, status = 'ADVANCING', updated_at = now()
      where id = ? returning ${TEST_CLOCK_COLUMNS}`,
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
