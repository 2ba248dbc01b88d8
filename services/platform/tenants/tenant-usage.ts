import type { TenantId } from '../../../domain/ids';
import { parseSubscriptionStatus, SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '../../../domain/subscriptions';
import type { Orm } from '../../../infra/db/orm';
import { tenantSql } from '../../../infra/db/tenant-sql';
import type { TenantRecordCounts } from './record-count-port';
import type { RequestCounts } from './request-counts';

/** GET /tenants/me/usage: how much of the platform a tenant uses. */
export interface TenantUsage {
  /** Customers not deleted. */
  customers: number;
  subscriptions: { total: number; byStatus: Record<SubscriptionStatus, number> };
  invoices: number;
  /** Keys neither revoked nor expired. */
  apiKeys: number;
  /**
   * Authenticated requests in the current calendar month (UTC), as rate limiting counts them: the stored count plus
   * this process's unflushed one, so another process's requests show within its flush interval (5 s).
   */
  requestsThisMonth: number;
}

interface CountsRow {
  api_keys: string;
  requests: string;
}

export interface TenantUsageInput {
  tenantId: TenantId;
  /** Business time: which month's requests count. */
  now: Date;
  /** This process's request tally, whose unflushed part is added to the stored count. */
  requestCounts: RequestCounts;
  /** The counts of the records other areas own (the platform's port). */
  records: TenantRecordCounts;
}

export function countTenantUsage(orm: Orm, input: TenantUsageInput): Promise<TenantUsage> {
  // No flush may move counts from memory to the table between reading one and the other.
  return input.requestCounts.exclusive(() => readTenantUsage(orm, input));
}

async function readTenantUsage(orm: Orm, input: TenantUsageInput): Promise<TenantUsage> {
  const { tenantId, now, requestCounts, records } = input;
  const sql = tenantSql(orm, tenantId);
  const { start, end } = utcMonthOf(now);
  const counts = await sql.one<CountsRow>(
    `select
       (select count(*) from central.api_keys
         where tenant_id = ? and revoked_at is null and (expires_at is null or expires_at > ?)) as api_keys,
       (select coalesce(sum(count), 0) from central.request_counts
         where tenant_id = ? and month >= ?::date and month < ?::date) as requests`,
    [tenantId, now, tenantId, start, end],
  );
  const customers = await records.countLiveCustomers(sql);
  const invoices = await records.countInvoices(sql);
  const subscriptions = await records.countSubscriptionsByStatus(sql);
  return {
    customers,
    subscriptions: tallyByStatus(subscriptions),
    invoices,
    apiKeys: Number(counts?.api_keys ?? 0),
    requestsThisMonth: Number(counts?.requests ?? 0) + requestCounts.unflushed(tenantId, start),
  };
}

function tallyByStatus(rows: readonly { status: string; count: number }[]): TenantUsage['subscriptions'] {
  const byStatus = Object.fromEntries(SUBSCRIPTION_STATUSES.map((status) => [status, 0])) as Record<
    SubscriptionStatus,
    number
  >;
  let total = 0;
  for (const row of rows) {
    const { count } = row;
    total += count;
    const status = parseSubscriptionStatus(row.status);
    if (status !== undefined) byStatus[status] += count;
  }
  return { total, byStatus };
}

/** The first days of this UTC month and the next, as `YYYY-MM-DD` (request_counts is keyed by month). */
function utcMonthOf(now: Date): { start: string; end: string } {
  const firstOf = (year: number, month: number) => new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
  return {
    start: firstOf(now.getUTCFullYear(), now.getUTCMonth()),
    end: firstOf(now.getUTCFullYear(), now.getUTCMonth() + 1),
  };
}
