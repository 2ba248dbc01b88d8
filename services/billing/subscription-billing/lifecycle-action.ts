import type { Orm } from '../../../infra/db/orm';
import { tenantSql, tenantSqlWithin, type TenantSql } from '../../../infra/db/tenant-sql';
import type { Logger } from '../../../infra/logger';
import type {
  LifecycleActionInput,
  LifecycleActionResult,
  LifecycleStep,
  LifecycleStepName,
  LifecycleStepOutcome,
} from '../../../workflows/subscriptions/wire';
import { createLifecycleSteps, type LifecycleSteps } from './lifecycle-steps';
import { MoneyOverflowError } from '../../../domain/money';

/** Steps that price usage: one that passes the money maximum is left out, and the action goes on without it. */
const PRICING_STEPS: ReadonlySet<LifecycleStepName> = new Set(['issuePeriodInvoice', 'issueUsageInvoice']);

/**
 * Cancel now, pause, plan change or renewal as one unit of work: the credit notes, the closing invoices and the
 * subscription's new state are stored in one transaction, so a failure at any step (a lost connection, a worker
 * stopped mid-way) leaves everything as it was and the retried activity does the whole again. A closing invoice
 * whose usage prices beyond the money maximum is rolled back to its own savepoint and reported: the customer's
 * action still commits, and that invoice waits with a billing error.
 */
export async function applyLifecycleAction(
  dependencies: { orm: Orm; logger: Logger },
  input: LifecycleActionInput,
): Promise<LifecycleActionResult> {
  const { orm, logger } = dependencies;
  return tenantSql(orm, input.tenantId).transactional(async (transaction) => {
    const sql = tenantSqlWithin(orm, input.tenantId, transaction);
    const steps = createLifecycleSteps({ sqlOf: () => sql, logger });
    const outcomes: LifecycleStepOutcome[] = [];
    for (const step of input.steps) outcomes.push(await runStep(sql, steps, step));
    return { outcomes };
  });
}

async function runStep(sql: TenantSql, steps: LifecycleSteps, step: LifecycleStep): Promise<LifecycleStepOutcome> {
  if (!PRICING_STEPS.has(step.activity)) return { issued: true, result: await run(steps, step) };
  try {
    return { issued: true, result: await sql.transactional(() => run(steps, step)) };
  } catch (error) {
    if (!(error instanceof MoneyOverflowError)) throw error;
    return { issued: false, code: error.code, message: error.message };
  }
}

function run(steps: LifecycleSteps, step: LifecycleStep): Promise<unknown> {
  switch (step.activity) {
    case 'creditUnusedPeriod':
      return steps.creditUnusedPeriod(step.input);
    case 'issuePeriodInvoice':
      return steps.issuePeriodInvoice(step.input);
    case 'issueUsageInvoice':
      return steps.issueUsageInvoice(step.input);
    case 'issuePlanChangeInvoice':
      return steps.issuePlanChangeInvoice(step.input);
    case 'issueIntervalChangeInvoice':
      return steps.issueIntervalChangeInvoice(step.input);
    case 'writeLifecycleChange':
      return steps.writeLifecycleChange(step.input);
  }
}
