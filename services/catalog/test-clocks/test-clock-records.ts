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

/** Any tenant SQL that may name `test_clocks` (a narrower store's SQL too, when its tables include it). */
export type TestClockSql = TenantSql<'test_clocks'>;

export const TEST_CLOCK_COLUMNS = 'id, name, frozen_time, status, customer_count, created_at';

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
