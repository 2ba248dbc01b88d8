import type { TenantId } from '../../../domain/ids';
import { parseSubscriptionStatus, SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '../../../domain/subscriptions';
import type { Orm } from '../../../infra/db/orm';
import { tenantSql } from '../../../infra/db/tenant-sql';
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
  customers: string;
  invoices: string;
  api_keys: string;
  requests: string;
}

export interface TenantUsageInput {
  tenantId: TenantId;
  /** Business time: which month's requests count. */
  now: Date;
  /** This process's request tally, whose unflushed part is added to the stored count. */
  requestCounts: RequestCounts;
}

export function countTenantUsage(orm: Orm, input: TenantUsageInput): Promise<TenantUsage> {
  // No flush may move counts from memory to the table between reading one and the other.
  return input.requestCounts.exclusive(() => readTenantUsage(orm, input));
}

async function readTenantUsage(orm: Orm, { tenantId, now, requestCounts }: TenantUsageInput): Promise<TenantUsage> {
  const sql = tenantSql(orm, tenantId);
  // TODO(issue 5): the subscriptions and invoices tables arrive with issue 5; until a tenant's schema has them they
  // count 0. Nothing here changes then, provided `subscriptions.status` holds SUBSCRIPTION_STATUSES.
  const present = await sql.one<{ subscriptions: boolean; invoices: boolean }>(
    'select to_regclass(?) is not null as subscriptions, to_regclass(?) is not null as invoices',
    [sql.table('subscriptions'), sql.table('invoices')],
  );
  const { start, end } = utcMonthOf(now);
  const counts = await sql.one<CountsRow>(
    `select
       (select count(*) from ${sql.table('customers')} where deleted_at is null) as customers,
       ${present?.invoices === true ? `(select count(*) from ${sql.table('invoices')})` : '0'} as invoices,
       (select count(*) from central.api_keys
         where tenant_id = ? and revoked_at is null and (expires_at is null or expires_at > ?)) as api_keys,
       (select coalesce(sum(count), 0) from central.request_counts
         where tenant_id = ? and month >= ?::date and month < ?::date) as requests`,
    [tenantId, now, tenantId, start, end],
  );
  const subscriptions =
    present?.subscriptions === true
      ? await sql.query<{ status: string; count: string }>(
          `select status, count(*) as count from ${sql.table('subscriptions')} group by status`,
        )
      : [];
  return {
    customers: Number(counts?.customers ?? 0),
    subscriptions: tallyByStatus(subscriptions),
    invoices: Number(counts?.invoices ?? 0),
    apiKeys: Number(counts?.api_keys ?? 0),
    requestsThisMonth: Number(counts?.requests ?? 0) + requestCounts.unflushed(tenantId, start),
  };
}

function tallyByStatus(rows: readonly { status: string; count: string }[]): TenantUsage['subscriptions'] {
  const byStatus = Object.fromEntries(SUBSCRIPTION_STATUSES.map((status) => [status, 0])) as Record<
    SubscriptionStatus,
    number
  >;
  let total = 0;
  for (const row of rows) {
    const count = Number(row.count);
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
