import type { SubscriptionStatus } from '../../domain/subscriptions';
import type { Orm } from '../../infra/db/orm';
import { tenantSchemaName } from '../../infra/db/tenant-schema';
import { sqlOf } from '../../infra/db/sql';
import { tenantSql } from '../../infra/db/tenant-sql';
import type { Logger } from '../../infra/logger';
import type { SubscriptionSql } from './subscription-records';
import { startSubscriptionWorkflow, type SubscriptionWorkflowStarter } from './workflow-starter';

export interface RepairOptions {
  orm: Orm;
  start: SubscriptionWorkflowStarter;
  logger: Logger;
  /**
   * Rows younger than this are left to the request that is creating them (it starts the workflow right after
   * commit); only older ones are considered orphaned.
   */
  olderThanMs: number;
}

export interface RepairReport {
  started: string[];
  failed: string[];
}

interface UnstartedRow {
  id: string;
  customer_id: string;
  plan_id: string;
  status: SubscriptionStatus;
}

/**
 * Starts the workflow of every subscription, in every tenant schema, whose row was committed but whose workflow
 * start never completed (the API process died, or Temporal was unreachable, between the two steps). Idempotent:
 * starting an already started workflow counts as started.
 */
export async function repairUnstartedSubscriptions(options: RepairOptions): Promise<RepairReport> {
  const report: RepairReport = { started: [], failed: [] };
  for (const tenantId of await tenantsWithSubscriptions(options.orm)) {
    const sql: SubscriptionSql = tenantSql(options.orm, tenantId);
    for (const row of await unstartedRows(sql, options.olderThanMs)) {
      try {
        await startSubscriptionWorkflow(sql, {
          start: options.start,
          subscription: {
            tenantId,
            subscriptionId: row.id,
            customerId: row.customer_id,
            planId: row.plan_id,
            status: row.status,
          },
        });
        report.started.push(row.id);
      } catch (error) {
        options.logger.warn({ err: error, tenantId, subscriptionId: row.id }, 'subscription workflow start failed');
        report.failed.push(row.id);
      }
    }
  }
  return report;
}

/** Tenants whose schema has the subscriptions table (a tenant row may briefly exist before its schema). */
async function tenantsWithSubscriptions(orm: Orm): Promise<string[]> {
  const sql = sqlOf(orm);
  const [tenants, schemas] = await Promise.all([
    sql.query<{ id: string }>('select id from central.tenants order by id'),
    sql.query<{ schema: string }>(
      "select table_schema as schema from information_schema.tables where table_name = 'subscriptions'",
    ),
  ]);
  const present = new Set(schemas.map((row) => row.schema));
  return tenants.map((row) => row.id).filter((id) => present.has(tenantSchemaName(id)));
}

async function unstartedRows(sql: SubscriptionSql, olderThanMs: number): Promise<UnstartedRow[]> {
  return sql.query<UnstartedRow>(
    `select id, customer_id, plan_id, status from ${sql.table('subscriptions')}
      where workflow_started_at is null and created_at < now() - make_interval(secs => ?)
      order by created_at limit 500`,
    [olderThanMs / 1000],
  );
}

export interface RepairLoop {
  /** Resolves once the pass in progress (if any) has finished. */
  stop: () => Promise<void>;
}

/** Runs a repair pass every `intervalMs` (a pass never overlaps the next) until stopped. */
export function startSubscriptionRepairLoop(options: RepairOptions & { intervalMs: number }): RepairLoop {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const schedule = (): void => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = pass().finally(schedule);
    }, options.intervalMs);
  };
  const pass = async (): Promise<void> => {
    try {
      const report = await repairUnstartedSubscriptions(options);
      if (report.started.length > 0) options.logger.info(report, 'started orphaned subscription workflows');
    } catch (error) {
      options.logger.warn({ err: error }, 'subscription repair pass failed');
    }
  };
  schedule();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
