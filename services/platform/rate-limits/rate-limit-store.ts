import type { Orm } from '../../../infra/db/orm';
import { preparedStatement, sqlOf } from '../../../infra/db/sql';
import type { Logger } from '../../../infra/logger';
import { wallClock } from '../../../infra/wall-clock';

/** One bucket's count in the current one-minute window. */
export interface WindowCount {
  bucket: string;
  /** Requests counted in this window, this one included. */
  hits: number;
  limit: number;
  /** Whole seconds until the window ends, at least 1. */
  resetSeconds: number;
}

/** Fixed one-minute windows per bucket, shared by every API process (CONTRACT §6). */
export interface RateLimitStore {
  /**
   * Counts one request of an authenticated tenant in its window (`tenant:<id>`, limit = the tenant's own
   * `rate_limit_per_minute` or `defaultLimit`). Its monthly request count is kept in memory by the caller
   * (`RequestCounts`, services/platform/tenants): this statement is the only write of the request (issue 15).
   */
  hitTenant(input: { tenantId: string; defaultLimit: number }): Promise<WindowCount>;
  /** Counts one request in each bucket (distinct keys), each with its own limit. */
  hitBuckets(buckets: readonly { bucket: string; limit: number }[]): Promise<WindowCount[]>;
  /** Reads a bucket's current window without counting (a route exempt from limits still shows the caller's). */
  peekBucket(bucket: { bucket: string; limit: number }): Promise<WindowCount>;
}

export interface PostgresRateLimitStoreOptions {
  orm: Orm;
  logger: Logger;
  /**
   * Tests only: the instant windows are computed from. By default the database's `now()`, so processes with skewed
   * clocks agree on the window.
   */
  clock?: () => Date;
}

// Only the current minute's window is ever read again; deleting the rest once a minute per process keeps the table
// at a few minutes of rows and each delete small.
const CLEANUP_INTERVAL_MS = 60_000;

// `clock.now` is the injected instant or the database clock; the window and its end derive from it in SQL.
const clock = (placeholder: string) => `clock as (select coalesce(${placeholder}::timestamptz, now()) as now)`;
const RESET_SECONDS = `greatest(1, ceil(extract(epoch from hit.window_start + interval '1 minute' - clock.now)))::int`;

// One statement per authenticated request (issue 15): the window upsert and the tenant's own limit. The window table
// is UNLOGGED: exact across processes without write-ahead logging a counter that is thrown away minutes later. It is
// a prepared statement (bound parameters, planned once per pooled connection): parsing and planning this CTE on every
// request cost PostgreSQL about 30 % of its CPU for a GET.
const HIT_TENANT_SQL = `
  with ${clock('$1')},
  hit as (
    insert into central.rate_limit_windows as w (bucket, window_start, hits)
    select $2::text, date_trunc('minute', clock.now, 'UTC'), 1 from clock
    on conflict (bucket, window_start) do update set hits = w.hits + 1
    returning w.bucket, w.window_start, w.hits
  ),
  lim as (
    select coalesce((select t.rate_limit_per_minute from central.tenants t where t.id = $3::text), $4::int) as value
  )
  select hit.bucket, hit.hits, lim.value as "limit", ${RESET_SECONDS} as reset_seconds from hit, lim, clock`;

interface CountRow {
  bucket: string;
  hits: number;
  limit: number;
  reset_seconds: number;
}

/**
 * The store on `central.rate_limit_windows` (UNLOGGED): one atomic upsert per request, old windows deleted now and
 * then.
 */
export function createPostgresRateLimitStore(options: PostgresRateLimitStoreOptions): RateLimitStore {
  const { orm, logger } = options;
  const sql = sqlOf(orm);
  const hitTenantStatement = preparedStatement<CountRow>(orm, 'rate_limit_hit_tenant', HIT_TENANT_SQL);
  const clockParam = (): string | null => options.clock?.().toISOString() ?? null;
  let lastCleanupAt = 0;

  // At most once a minute per process, off the request's path; a failure only delays the clean-up.
  const deleteOldWindowsNowAndThen = (): void => {
    const now = wallClock.now().getTime();
    if (now - lastCleanupAt < CLEANUP_INTERVAL_MS) return;
    lastCleanupAt = now;
    deleteExpiredWindows(orm).catch((error: unknown) => {
      logger.warn({ err: error }, 'deleting expired rate-limit windows failed');
    });
  };

  return {
    async hitTenant({ tenantId, defaultLimit }) {
      deleteOldWindowsNowAndThen();
      const [row] = await hitTenantStatement.run([clockParam(), tenantBucket(tenantId), tenantId, defaultLimit]);
      if (row === undefined) throw new Error('the rate-limit upsert returned no row');
      return toWindowCount(row);
    },

    async hitBuckets(buckets) {
      if (buckets.length === 0) return [];
      deleteOldWindowsNowAndThen();
      const limits = new Map(buckets.map(({ bucket, limit }) => [bucket, limit]));
      const keys = [...limits.keys()];
      const rows = await sql.query<Omit<CountRow, 'limit'>>(
        `with ${clock('?')},
         hit as (
           insert into central.rate_limit_windows as w (bucket, window_start, hits)
           select b.bucket, date_trunc('minute', clock.now, 'UTC'), 1
             from clock, (values ${keys.map(() => '(?::text)').join(', ')}) as b (bucket)
           on conflict (bucket, window_start) do update set hits = w.hits + 1
           returning w.bucket, w.window_start, w.hits
         )
         select hit.bucket, hit.hits, ${RESET_SECONDS} as reset_seconds from hit, clock`,
        [clockParam(), ...keys],
      );
      return rows.map((row) => toWindowCount({ ...row, limit: limits.get(row.bucket) ?? 0 }));
    },

    async peekBucket({ bucket, limit }) {
      const row = await sql.one<Omit<CountRow, 'limit'>>(
        `with ${clock('?')}
         select ?::text as bucket, coalesce(w.hits, 0)::int as hits,
                greatest(1, ceil(extract(epoch from
                  date_trunc('minute', clock.now, 'UTC') + interval '1 minute' - clock.now)))::int as reset_seconds
           from clock left join central.rate_limit_windows w
             on w.bucket = ? and w.window_start = date_trunc('minute', clock.now, 'UTC')`,
        [clockParam(), bucket, bucket],
      );
      if (row === undefined) throw new Error('the rate-limit read returned no row');
      return toWindowCount({ ...row, limit });
    },
  };
}

/** Deletes windows that ended more than a few minutes ago (by the database clock); returns how many. */
export async function deleteExpiredWindows(orm: Orm): Promise<number> {
  const result = await orm.em
    .getConnection()
    .execute<{ affectedRows: number }>(
      `delete from central.rate_limit_windows where window_start < now() - interval '5 minutes'`,
      [],
      'run',
    );
  return result.affectedRows;
}

export const tenantBucket = (tenantId: string): string => `tenant:${tenantId}`;

// Every column is an int4, which pg returns as a number.
const toWindowCount = (row: CountRow): WindowCount => ({
  bucket: row.bucket,
  hits: row.hits,
  limit: row.limit,
  resetSeconds: row.reset_seconds,
});
