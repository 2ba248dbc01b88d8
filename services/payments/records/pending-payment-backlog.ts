import { PROVIDER_KINDS } from '../../../domain/payments';
import { quoteIdentifier } from '../../../infra/db/sql-identifier';
import { onWallClockInSchema } from '../../catalog/customers';
import type { Sql } from '../../../infra/db/sql';

/** PENDING provider payments of one provider, over every tenant: what the operator's backlog gauges show. */
export interface PendingPaymentBacklog {
  /** Lower case, as the payment counters label it (`stripe`, `mpesa`). */
  provider: string;
  pending: number;
  /** Seconds since the oldest of them was created, by the database's clock. */
  oldestAgeSeconds: number;
  /** Those whose checkout expired more than the grace ago and that are still PENDING: work the workflows owe. */
  overdue: number;
}

/**
 * How long a PENDING payment may outlive its checkout before it counts as overdue: the payment workflow ends it at
 * the expiry after one last verification, which may take a few retried attempts against a slow provider.
 */
export const OVERDUE_GRACE_SECONDS = 600;

/** Schemas per statement: one UNION ALL over thousands of schemas would plan for seconds. */
const SCHEMAS_PER_STATEMENT = 200;

interface BacklogRow {
  provider: string;
  pending: string;
  oldest_age_seconds: string;
  overdue: string;
}

/**
 * The PENDING payments of every tenant, by provider. Payments of test-clock customers are left out: their checkouts
 * wait for the clock, not for the provider, and may stay PENDING for as long as a tester leaves the clock. Each
 * tenant's part reads the partial index of PENDING payments, so a scrape costs what is pending, not what was paid.
 * Every provider kind has an entry, zero when nothing of it is pending, so a cleared backlog reads 0, not absent.
 */
export async function readPendingPaymentBacklog(sql: Sql): Promise<PendingPaymentBacklog[]> {
  const schemas = await tenantSchemasWithPayments(sql);
  const totals = new Map<string, PendingPaymentBacklog>(
    PROVIDER_KINDS.map((kind) => {
      const provider = kind.toLowerCase();
      return [provider, { provider, pending: 0, oldestAgeSeconds: 0, overdue: 0 }];
    }),
  );
  for (let start = 0; start < schemas.length; start += SCHEMAS_PER_STATEMENT) {
    const rows = await sql.query<BacklogRow>(backlogStatement(schemas.slice(start, start + SCHEMAS_PER_STATEMENT)));
    for (const row of rows) addTo(totals, row);
  }
  return [...totals.values()].sort((a, b) => a.provider.localeCompare(b.provider));
}

async function tenantSchemasWithPayments(sql: Sql): Promise<string[]> {
  const rows = await sql.query<{ schema: string }>(
    `select table_schema as schema from information_schema.tables
      where table_name = 'payments' and table_schema ~ '^tenant_[0-9a-hjkmnp-tv-z]{26}$'
      order by table_schema`,
  );
  return rows.map((row) => row.schema);
}

function backlogStatement(schemas: readonly string[]): string {
  const parts = schemas.map((schema) => {
    const name = quoteIdentifier(schema);
    return `select p.provider, p.created_at, p.expires_at from ${name}.payments p
      where p.status = 'PENDING' and ${onWallClockInSchema(schema, 'p.customer_id')}`;
  });
  return `select provider, count(*) as pending,
            coalesce(extract(epoch from now() - min(created_at)), 0) as oldest_age_seconds,
            count(*) filter (where expires_at < now() - make_interval(secs => ${OVERDUE_GRACE_SECONDS})) as overdue
       from (${parts.join('\n      union all\n')}) pending
      group by provider`;
}

function addTo(totals: Map<string, PendingPaymentBacklog>, row: BacklogRow): void {
  const provider = row.provider.toLowerCase();
  const seen = totals.get(provider);
  const pending = Number(row.pending);
  const oldestAgeSeconds = Math.max(0, Number(row.oldest_age_seconds));
  const overdue = Number(row.overdue);
  totals.set(provider, {
    provider,
    pending: (seen?.pending ?? 0) + pending,
    oldestAgeSeconds: Math.max(seen?.oldestAgeSeconds ?? 0, oldestAgeSeconds),
    overdue: (seen?.overdue ?? 0) + overdue,
  });
}
