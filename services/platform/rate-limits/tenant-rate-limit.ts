import type { Orm } from '../../../infra/db/orm';
import { sqlOf } from '../../../infra/db/sql';

export interface TenantRateLimitChange {
  tenantId: string;
  companyName: string;
  /** The tenant's own limit before the change; null means it used the platform default. */
  previous: number | null;
  current: number | null;
}

// The column is a PostgreSQL integer with a `> 0` check.
export const MAX_TENANT_RATE_LIMIT = 2_147_483_647;

/**
 * Sets one tenant's own requests-per-minute limit, or clears it (null) so `RATE_LIMIT_PER_MINUTE` applies again.
 * The limiter reads the column on every request, so the change applies from the next request on, in every process.
 * Returns undefined for an unknown tenant.
 */
export async function setTenantRateLimit(
  orm: Orm,
  change: { tenantId: string; limit: number | null },
): Promise<TenantRateLimitChange | undefined> {
  const { limit, tenantId } = change;
  if (limit !== null && (!Number.isInteger(limit) || limit < 1 || limit > MAX_TENANT_RATE_LIMIT)) {
    throw new RangeError(`A rate limit is an integer from 1 to ${MAX_TENANT_RATE_LIMIT}, got ${limit}`);
  }
  // The self-join reads the row as it was before the update: the previous value, in the same statement.
  const row = await sqlOf(orm).one<{ company_name: string; previous: number | null }>(
    `update central.tenants t set rate_limit_per_minute = ?::int
       from central.tenants old_row
      where old_row.id = t.id and t.id = ?
     returning t.company_name, old_row.rate_limit_per_minute as previous`,
    [limit, tenantId],
  );
  if (row === undefined) return undefined;
  return { tenantId, companyName: row.company_name, previous: row.previous, current: limit };
}
