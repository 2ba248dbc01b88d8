import { startPeriodicPass, type PeriodicPass } from '../../../infra/process/periodic-pass';
import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import type { Orm } from '../../../infra/db/orm';
import { sqlOf } from '../../../infra/db/sql';
import type { Logger } from '../../../infra/logger';
import { DUNNING_WORKFLOW_TYPE, type DunningWorkflowInput } from '../../../workflows/collections/messages';
import { TENANT_ID_SEARCH_ATTRIBUTE } from '../../../workflows/shared/search-attribute-keys';
import { dunningWorkflowId } from '../../../workflows/shared/workflow-ids';

/** Starts one invoice's dunning workflow, or finds it started (running or finished); throws when Temporal fails. */
export type DunningWorkflowStarter = (input: DunningWorkflowInput) => Promise<void>;

/** At most this many rows per pass; the next pass takes the rest. */
const PENDING_BATCH = 500;

/**
 * The Temporal starter. The id is the idempotency key: a running workflow is used as is (several starters racing, a
 * row started twice). A finished one is started again: a row only exists for an invoice that became OPEN (finalized,
 * or reopened by a voided credit note), and a run started for an invoice that is no longer due ends at its first read.
 */
export function temporalDunningStarter(temporal: { client: Client; taskQueue: string }): DunningWorkflowStarter {
  return async (input) => {
    try {
      await temporal.client.workflow.start(DUNNING_WORKFLOW_TYPE, {
        taskQueue: temporal.taskQueue,
        workflowId: dunningWorkflowId(input.tenantId, input.invoiceId),
        args: [input],
        workflowIdConflictPolicy: 'USE_EXISTING',
        workflowIdReusePolicy: 'ALLOW_DUPLICATE',
        typedSearchAttributes: [{ key: TENANT_ID_SEARCH_ATTRIBUTE, value: input.tenantId }],
        staticSummary: `Dunning of invoice ${input.invoiceId}`,
      });
    } catch (error) {
      if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
    }
  };
}

export interface DunningStartReport {
  started: string[];
  failed: string[];
}

/**
 * Starts the dunning workflow of every invoice in `central.pending_dunning_starts`, oldest first, and clears each row
 * once its start is confirmed: a row leaves only after its workflow exists.
 */
export async function startPendingDunning(options: {
  orm: Orm;
  start: DunningWorkflowStarter;
  logger: Logger;
  /** Only this tenant's invoices (tests sharing a database); every tenant's when absent. */
  tenantId?: string;
  /** Only rows at least this old (default: all). */
  olderThanMs?: number;
}): Promise<DunningStartReport> {
  const sql = sqlOf(options.orm);
  const only = options.tenantId === undefined ? '' : 'and tenant_id = ?';
  const rows = await sql.query<{ tenant_id: string; invoice_id: string; on_test_clock: boolean }>(
    `select tenant_id, invoice_id, on_test_clock from central.pending_dunning_starts
      where created_at <= now() - make_interval(secs => ?) ${only}
      order by created_at limit ${PENDING_BATCH}`,
    [(options.olderThanMs ?? 0) / 1000, ...(options.tenantId === undefined ? [] : [options.tenantId])],
  );
  const report: DunningStartReport = { started: [], failed: [] };
  for (const row of rows) {
    const input: DunningWorkflowInput = {
      tenantId: row.tenant_id,
      invoiceId: row.invoice_id,
      ...(row.on_test_clock ? { onTestClock: true } : {}),
    };
    try {
      await options.start(input);
      await sql.query('delete from central.pending_dunning_starts where tenant_id = ? and invoice_id = ?', [
        input.tenantId,
        input.invoiceId,
      ]);
      report.started.push(input.invoiceId);
    } catch (error) {
      options.logger.warn({ err: error, ...input }, 'dunning workflow start failed; the next pass retries it');
      report.failed.push(input.invoiceId);
      // Temporal is likely unreachable: the rest waits for the next pass.
      break;
    }
  }
  return report;
}

export type DunningStarterLoop = PeriodicPass;

/** Runs a pass every `intervalMs` (a pass never overlaps the next) until stopped; the worker process runs it. */
export function startDunningStarterLoop(
  options: Parameters<typeof startPendingDunning>[0] & { intervalMs: number },
): DunningStarterLoop {
  return startPeriodicPass({
    intervalMs: options.intervalMs,
    pass: async () => {
      const report = await startPendingDunning(options);
      if (report.started.length > 0) options.logger.info(report, 'started dunning workflows');
    },
    onError: (error) => {
      options.logger.warn({ err: error }, 'dunning start pass failed');
    },
  });
}
