import { startPeriodicPass, type PeriodicPass } from '../../../infra/process/periodic-pass';
import type { SubscriptionStatus } from '../../../domain/subscriptions';
import type { Orm } from '../../../infra/db/orm';
import { isUndefinedTable } from '../../../infra/db/postgres-errors';
import { sqlOf } from '../../../infra/db/sql';
import { tenantSql } from '../../../infra/db/tenant-sql';
import type { Logger } from '../../../infra/logger';
import { forgetPendingStart, listPendingStarts, type PendingStart } from './pending-starts';
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
  /** Index entries with nothing to start: the subscription was already started, or it (or its tenant) is gone. */
  forgotten: string[];
}

interface SubscriptionToStart {
  customer_id: string;
  plan_id: string;
  status: SubscriptionStatus;
  workflow_started_at: Date | string | null;
}

/**
 * Starts the workflow of every subscription whose row was committed but whose workflow start never completed (the
 * API process died, or Temporal was unreachable, between the two steps). It reads them from the central index of
 * pending starts, so a pass with nothing to do is one query however many tenants there are. Idempotent: starting
 * an already started workflow counts as started, and an entry leaves the index only once its start is recorded.
 */
export async function repairUnstartedSubscriptions(options: RepairOptions): Promise<RepairReport> {
  const report: RepairReport = { started: [], failed: [], forgotten: [] };
  for (const pending of await listPendingStarts(sqlOf(options.orm), options.olderThanMs)) {
    try {
      const outcome = await repairPendingStart(options, pending);
      report[outcome].push(pending.subscriptionId);
    } catch (error) {
      const { tenantId, subscriptionId } = pending;
      options.logger.warn({ err: error, tenantId, subscriptionId }, 'subscription workflow start failed');
      report.failed.push(subscriptionId);
    }
  }
  return report;
}

async function repairPendingStart(options: RepairOptions, pending: PendingStart): Promise<'started' | 'forgotten'> {
  const sql: SubscriptionSql = tenantSql(options.orm, pending.tenantId);
  const row = await findSubscriptionToStart(sql, pending.subscriptionId);
  // A start recorded without clearing the entry (an API process older than the index) leaves nothing to do either.
  if (row === undefined || row.workflow_started_at !== null) {
    await forgetPendingStart(sqlOf(options.orm), pending);
    return 'forgotten';
  }
  await startSubscriptionWorkflow(sql, {
    start: options.start,
    subscription: {
      tenantId: pending.tenantId,
      subscriptionId: pending.subscriptionId,
      customerId: row.customer_id,
      planId: row.plan_id,
      status: row.status,
    },
  });
  return 'started';
}

/** The subscription, or undefined when it or its tenant's schema is gone (the tenant row's delete cascades). */
async function findSubscriptionToStart(sql: SubscriptionSql, id: string): Promise<SubscriptionToStart | undefined> {
  try {
    return await sql.one<SubscriptionToStart>(
      `select customer_id, plan_id, status, workflow_started_at from ${sql.table('subscriptions')} where id = ?`,
      [id],
    );
  } catch (error) {
    if (isUndefinedTable(error)) return undefined;
    throw error;
  }
}

export type RepairLoop = PeriodicPass;

/** Runs a repair pass every `intervalMs` (a pass never overlaps the next) until stopped. */
export function startSubscriptionRepairLoop(options: RepairOptions & { intervalMs: number }): RepairLoop {
  return startPeriodicPass({
    intervalMs: options.intervalMs,
    pass: async () => {
      const report = await repairUnstartedSubscriptions(options);
      if (report.started.length + report.forgotten.length > 0)
        options.logger.info(report, 'repaired pending subscription workflow starts');
    },
    onError: (error) => {
      options.logger.warn({ err: error }, 'subscription repair pass failed');
    },
  });
}
