import type { Orm } from '../../../infra/db/orm';
import { tenantSql } from '../../../infra/db/tenant-sql';
import type { Logger } from '../../../infra/logger';
import {
  dunningWorkflowId,
  paymentWorkflowId,
  subscriptionWorkflowId,
  walletWorkflowId,
} from '../../../workflows/shared/workflow-ids';
import { listTestClockCustomerIds } from '../../catalog/customers';
import { listCollectingInvoiceIds } from '../../billing/invoices';
import { listCustomerSubscriptionIds } from '../../billing/subscriptions';
import { listActiveWalletIds } from '../../billing/wallets';
import { startPendingDunning, type DunningWorkflowStarter } from '../collections';
import { listPendingPaymentIds } from '../records';

export interface TestClockParticipantDeps {
  orm: Orm;
  logger: Logger;
  /** Starts an invoice's dunning workflow (the worker's Temporal client). */
  startDunning: DunningWorkflowStarter;
}

/**
 * The workflows an advance of the clock waits for: those of its customers that run on the clock's time. Every
 * subscription is listed, ended or not (the clock counts a workflow that has already completed as reported), every
 * ACTIVE wallet (its expiry and INTERVAL top-ups), the dunning ladder of every invoice still being collected and
 * every PENDING payment (its checkout's expiry).
 * Ladders owed a start (an invoice the advance finalized) are started before the answer, rather than at the starter
 * loop's next pass, so that the clock waits for them too: after the listing, since an invoice finalized while the
 * listing ran is listed with its ladder owed a start (its start is committed with the invoice), and a listed ladder
 * not yet running could not be told the time; the clock would count it as reported.
 */
export async function listTestClockParticipants(
  deps: TestClockParticipantDeps,
  ref: { tenantId: string; clockId: string },
): Promise<string[]> {
  const sql = tenantSql(deps.orm, ref.tenantId);
  const customerIds = await listTestClockCustomerIds(sql, ref.clockId);
  const subscriptionIds = await listCustomerSubscriptionIds(sql, customerIds);
  const walletIds = await listActiveWalletIds(sql, customerIds);
  const invoiceIds = await listCollectingInvoiceIds(sql, customerIds);
  const paymentIds = await listPendingPaymentIds(sql, customerIds);
  await startEveryPendingDunning(deps, ref.tenantId);
  return [
    ...subscriptionIds.map((id) => subscriptionWorkflowId(ref.tenantId, id)),
    ...walletIds.map((id) => walletWorkflowId(ref.tenantId, id)),
    ...invoiceIds.map((id) => dunningWorkflowId(ref.tenantId, id)),
    ...paymentIds.map((id) => paymentWorkflowId(ref.tenantId, id)),
  ];
}

/**
 * Passes until none starts a ladder: a pass takes a batch, and an invoice listed while its ladder is still owed a
 * start could not be told the time, so the clock would count it as reported and become READY before it ran.
 */
async function startEveryPendingDunning(deps: TestClockParticipantDeps, tenantId: string): Promise<void> {
  for (;;) {
    const report = await startPendingDunning({
      orm: deps.orm,
      start: deps.startDunning,
      logger: deps.logger,
      tenantId,
    });
    if (report.started.length === 0 || report.failed.length > 0) return;
  }
}
