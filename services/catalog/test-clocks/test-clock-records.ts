import type { TenantSql } from '../../../infra/db/tenant-sql';

export const TEST_CLOCK_STATUSES = ['READY', 'ADVANCING'] as const;
export type TestClockStatus = (typeof TEST_CLOCK_STATUSES)[number];

/** A test clock as the API shows it. */
export interface TestClockRecord {
  id: string;
  name: string | null;
  /** The clock's time; while ADVANCING, the time it is advancing to. */
  frozenTime: Date;
  status: TestClockStatus;
  customerCount: number;
  createdAt: Date;
}

export interface TestClockRow {
  id: string;
  name: string | null;
  /** The driver gives raw queries' timestamps as text. */
  frozen_time: Date | string;
  status: TestClockStatus;
  customer_count: string | number;
  created_at: Date | string;
}

/**
 * Any tenant SQL that may name `test_clocks` and `customers` (a narrower store's SQL too, when its tables include
 * them): a clock's customer count is read from its customers.
 */
export type TestClockSql = TenantSql<'test_clocks' | 'customers'>;

/**
 * A clock's columns as the API shows them, for a statement on `test_clocks` (not aliased). `customer_count` counts the
 * clock's customers not deleted, so deleting one frees its place; the table's own `customer_count` column is left
 * as it was last written and read by nothing.
 */
export function testClockColumns(sql: TestClockSql): string {
  return `id, name, frozen_time, status, created_at,
    (select count(*) from ${sql.table('customers')} c
      where c.test_clock_id = test_clocks.id and c.deleted_at is null) as customer_count`;
}

export function toTestClockRecord(row: TestClockRow): TestClockRecord {
  return {
    id: row.id,
    name: row.name,
    frozenTime: new Date(row.frozen_time),
    status: row.status,
    customerCount: Number(row.customer_count),
    createdAt: new Date(row.created_at),
  };
}
