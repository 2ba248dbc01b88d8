import type { TenantSql } from '../../../infra/db/tenant-sql';

/**
 * The tenant's stored events, as the metering queries aggregate them: they run in PostgreSQL over the table
 * (metering/aggregation takes the table it reads), so usage pricing asks ingestion, which owns it, for its name.
 */
export function storedEventsTable(sql: TenantSql<'events'>): string {
  return sql.table('events');
}
