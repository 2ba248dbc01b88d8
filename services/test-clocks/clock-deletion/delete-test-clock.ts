import type { SqlTransaction } from '../../../infra/db/sql';
import type { TenantSql } from '../../../infra/db/tenant-sql';
import type { Logger } from '../../../infra/logger';
import {
  dunningWorkflowId,
  paymentWorkflowId,
  subscriptionWorkflowId,
  walletWorkflowId,
} from '../../../workflows/shared/workflow-ids';
import { deleteCustomersCreditNotes } from '../../billing/credit-notes';
import { deleteCustomersInvoices } from '../../billing/invoices';
import { deleteSubscriptions, listCustomersSubscriptionIds } from '../../billing/subscriptions';
import { deleteSubscriptionsUsageSegments } from '../../billing/usage-pricing';
import { deleteCustomersWallets } from '../../billing/wallets';
import { deleteCustomersAppliedAddOns } from '../../catalog/add-ons';
import { deleteCustomersAppliedCoupons } from '../../catalog/coupons';
import { deleteCustomersCredit } from '../../catalog/customer-credit';
import { deleteTestClockCustomers, listTestClockCustomerIds } from '../../catalog/customers';
import {
  deleteTestClockRow,
  lockTestClock,
  requireTestClock,
  type TestClockAdvancer,
  type TestClockRecord,
} from '../../catalog/test-clocks';
import { deleteCustomersEvents } from '../../metering/ingestion';
import { deletePaymentsEvents } from '../../payments/notifications';
import { deletePayments, listCustomersPaymentIds } from '../../payments/records';
import { deletePaymentsRefunds } from '../../payments/refunds';
import type { WorkflowStopper } from './workflow-stopper';

export interface TestClockDeletionDeps {
  sql: TenantSql;
  advancer: TestClockAdvancer;
  stopper: WorkflowStopper;
  logger: Logger;
}

/**
 * Deletes a test clock and everything of its customers in one tenant transaction: events, wallets, credit, payments
 * (refunds, provider events), credit notes, usage segments, invoices, subscriptions, applied coupons and add-ons,
 * the customers themselves, then the clock with its sequences. Each module deletes its own rows, in the order their
 * references need. Once committed, the clock's workflow is told and its customers' workflows are terminated; their
 * outbound webhook events stay, as sent. 404 for an unknown clock.
 */
export async function deleteTestClock(deps: TestClockDeletionDeps, clockId: string): Promise<TestClockRecord> {
  const { sql } = deps;
  const deleted = await sql.transactional(async (transaction) => {
    const clock = (await lockTestClock(sql, transaction, clockId)) ?? (await requireTestClock(sql, clockId));
    const workflowIds = await deleteClockCustomersData(sql, transaction, clock.id);
    await deleteTestClockRow(sql, transaction, clock.id);
    return { clock, workflowIds };
  });
  await tellWorkflows(deps, deleted);
  return deleted.clock;
}

/** Removes the clock's customers and their records; the ids of the workflows that ran for them. */
async function deleteClockCustomersData(sql: TenantSql, transaction: SqlTransaction, clockId: string) {
  const customerIds = await listTestClockCustomerIds(sql, clockId, transaction);
  const subscriptionIds = await listCustomersSubscriptionIds(sql, transaction, customerIds);
  const paymentIds = await listCustomersPaymentIds(sql, transaction, customerIds);
  await deleteCustomersEvents(sql, transaction, customerIds);
  const walletIds = await deleteCustomersWallets(sql, transaction, customerIds);
  await deleteCustomersCredit(sql, transaction, customerIds);
  await deletePaymentsRefunds(sql, transaction, paymentIds);
  await deletePaymentsEvents(sql, transaction, paymentIds);
  await deletePayments(sql, transaction, paymentIds);
  await deleteCustomersCreditNotes(sql, transaction, customerIds);
  await deleteSubscriptionsUsageSegments(sql, transaction, subscriptionIds);
  const invoiceIds = await deleteCustomersInvoices(sql, transaction, customerIds);
  await deleteSubscriptions(sql, transaction, subscriptionIds);
  await deleteCustomersAppliedCoupons(sql, transaction, customerIds);
  await deleteCustomersAppliedAddOns(sql, transaction, customerIds);
  await deleteTestClockCustomers(sql, transaction, clockId);
  const { tenantId } = sql;
  return [
    ...subscriptionIds.map((id) => subscriptionWorkflowId(tenantId, id)),
    ...walletIds.map((id) => walletWorkflowId(tenantId, id)),
    ...invoiceIds.map((id) => dunningWorkflowId(tenantId, id)),
    ...paymentIds.map((id) => paymentWorkflowId(tenantId, id)),
  ];
}

/**
 * After the commit: the clock's workflow ends, and so do its customers' (their rows are gone, so whatever they would
 * do next fails). The deletion stands either way; a failure to reach Temporal is logged, and a workflow left running
 * finds its records gone.
 */
async function tellWorkflows(
  deps: TestClockDeletionDeps,
  deleted: { clock: TestClockRecord; workflowIds: string[] },
): Promise<void> {
  const { clock, workflowIds } = deleted;
  const outcomes = await Promise.allSettled([
    deps.advancer.deleted({ tenantId: deps.sql.tenantId, clockId: clock.id }),
    deps.stopper.terminate(workflowIds, `Test clock ${clock.id} deleted`),
  ]);
  for (const outcome of outcomes) {
    if (outcome.status === 'rejected') {
      deps.logger.warn(
        { err: outcome.reason, testClockId: clock.id },
        'test clock deleted; its workflows not all told',
      );
    }
  }
}
