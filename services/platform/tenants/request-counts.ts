import type { TenantId } from '../../../domain/ids';
import type { Orm } from '../../../infra/db/orm';
import { sqlOf } from '../../../infra/db/sql';
import type { Logger } from '../../../infra/logger';

/**
 * Authenticated requests per tenant and UTC month (`requestsThisMonth` of GET /tenants/me/usage), tallied in this
 * process's memory and added to `central.request_counts` every few seconds in one statement (issue 15: an upsert per
 * request made the tenant's row the hottest in the database). A crash loses at most one interval of counts; other
 * processes' counts reach the usage answer within one interval.
 */
export interface RequestCounts {
  /** One authenticated request of the tenant, in the UTC month of `now` (real time). */
  add: (tenantId: TenantId, now: Date) => void;
  /** The tenant's requests of `month` (`YYYY-MM-01`) this process counted and has not written yet. */
  unflushed: (tenantId: TenantId, month: string) => number;
  /**
   * Runs `read` while no flush runs, so what it reads from `central.request_counts` plus `unflushed` counts every
   * request of this process exactly once.
   */
  exclusive: <T>(read: () => Promise<T>) => Promise<T>;
  /** Writes the unflushed counts, every tenant and month in one statement; on failure they are kept for the next. */
  flush: () => Promise<void>;
  /** Stops the timer and writes what is left: at shutdown, after the last request. */
  stop: () => Promise<void>;
}

export interface RequestCountsOptions {
  orm: Orm;
  logger: Logger;
  /** Between two flushes; 5 s by default. */
  flushIntervalMs?: number;
}

const DEFAULT_FLUSH_INTERVAL_MS = 5_000;

interface Tally {
  tenantId: TenantId;
  month: string;
  count: number;
}

// Rows sorted by key, so concurrent flushes of several processes lock the rows they share in one order (no deadlock).
// A tenant deleted meanwhile (its counts cascade away) is skipped rather than failing the whole batch.
const FLUSH_SQL = `
  insert into central.request_counts as c (tenant_id, month, count)
  select r.tenant_id, r.month, r.count
    from jsonb_to_recordset(?::jsonb) as r (tenant_id text, month date, count bigint)
    join central.tenants t on t.id = r.tenant_id
   order by r.tenant_id, r.month
  on conflict (tenant_id, month) do update set count = c.count + excluded.count`;

/** The UTC month of an instant, as `central.request_counts.month` keys it. */
export const utcMonthKey = (now: Date): string => `${now.toISOString().slice(0, 7)}-01`;

export function createRequestCounts(options: RequestCountsOptions): RequestCounts {
  const { orm, logger } = options;
  const intervalMs = options.flushIntervalMs ?? DEFAULT_FLUSH_INTERVAL_MS;
  let pending = new Map<string, Tally>();
  let queue: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const keyOf = (tenantId: TenantId, month: string) => `${month} ${tenantId}`;

  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work);
    queue = run.catch(() => undefined);
    return run;
  };

  const flush = (): Promise<void> =>
    exclusive(async () => {
      if (pending.size === 0) return;
      const batch = pending;
      pending = new Map();
      const rows = [...batch.values()].map(({ tenantId, month, count }) => ({ tenant_id: tenantId, month, count }));
      try {
        await sqlOf(orm).query(FLUSH_SQL, [JSON.stringify(rows)]);
      } catch (error) {
        for (const [key, tally] of batch) {
          const now = pending.get(key);
          pending.set(key, { ...tally, count: tally.count + (now?.count ?? 0) });
        }
        throw error;
      }
    });

  // Started by the first request, so an app that serves none holds no timer; unref'd, so it never keeps a process up.
  const startTimer = (): void => {
    if (timer !== undefined || stopped) return;
    timer = setInterval(() => {
      flush().catch((error: unknown) => {
        logger.warn({ err: error }, 'writing request counts failed; kept for the next flush');
      });
    }, intervalMs);
    timer.unref();
  };

  return {
    add(tenantId, now) {
      const month = utcMonthKey(now);
      const key = keyOf(tenantId, month);
      const tally = pending.get(key);
      if (tally === undefined) pending.set(key, { tenantId, month, count: 1 });
      else tally.count += 1;
      startTimer();
    },
    unflushed: (tenantId, month) => pending.get(keyOf(tenantId, month))?.count ?? 0,
    exclusive,
    flush,
    async stop() {
      stopped = true;
      clearInterval(timer);
      timer = undefined;
      await flush();
    },
  };
}
