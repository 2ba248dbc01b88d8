import type { Client } from '@temporalio/client';
import { fixedClock } from '../../../domain/clock';
import { requireId } from '../../../domain/ids';
import type { Orm } from '../../../infra/db/orm';
import { tenantSql } from '../../../infra/db/tenant-sql';
import type { DunningInvoiceState } from '../../../workflows/collections/messages';
import { AppError } from '../../platform/errors';
import { findInvoice, markInvoiceUncollectible } from '../../billing/invoices';
import { cancelSubscription } from '../../billing/subscriptions';
import { findCustomerTestClock } from '../../catalog/customers';
import { readTenantSettings } from '../../platform/tenants';
import { reconcilePastDue, type PastDueDeps } from './past-due';

/**
 * The invoice and the tenant's dunning settings as they stand now (each dunning timer reads them afresh, CONTRACT §12:
 * a settings change reaches invoices already in dunning); undefined when the invoice does not exist.
 */
export async function findDunningState(
  orm: Orm,
  input: { tenantId: string; invoiceId: string },
): Promise<DunningInvoiceState | undefined> {
  const sql = tenantSql(orm, input.tenantId);
  const invoice = await findInvoice(sql, requireId('invoice', input.invoiceId));
  if (invoice === undefined) return undefined;
  const { dunning } = await readTenantSettings(sql);
  const clock = await findCustomerTestClock(sql, invoice.customerId);
  return {
    status: invoice.status,
    dueDate: invoice.dueDate?.toISOString() ?? null,
    subscriptionId: invoice.subscriptionId,
    reminderDays: dunning.reminderDays,
    uncollectibleAfterDays: dunning.uncollectibleAfterDays,
    cancelSubscription: dunning.cancelSubscription,
    testClock:
      clock === undefined
        ? null
        : {
            clockId: clock.id,
            frozenTime: clock.frozenTime.toISOString(),
            advancing: clock.status === 'ADVANCING',
          },
  };
}

/**
 * The dunning workflow at the invoice's due date and at each step after it: time, not a change of an invoice, has
 * made it overdue, so the subscription's standing is reconciled here rather than by billing's standing port. PAST_DUE
 * or ACTIVE as the invoices say at `now` (the workflow's time); undefined when the subscription is left alone.
 */
export async function reconcileStandingAtDueDate(
  deps: Omit<PastDueDeps, 'clock'>,
  input: { tenantId: string; subscriptionId: string; now: Date },
): Promise<boolean | undefined> {
  const target = { tenantId: input.tenantId, subscriptionId: input.subscriptionId };
  return (await reconcilePastDue({ ...deps, clock: fixedClock(input.now) }, target)).pastDue;
}

/** OPEN → UNCOLLECTIBLE; the status the invoice has afterwards (a paid or voided one keeps its own). */
export async function writeOffInvoice(
  orm: Orm,
  input: { tenantId: string; invoiceId: string; now: Date },
): Promise<DunningInvoiceState['status'] | undefined> {
  const sql = tenantSql(orm, input.tenantId);
  const invoiceId = requireId('invoice', input.invoiceId);
  const outcome = await markInvoiceUncollectible(sql, invoiceId, input.now);
  if (outcome.ok) return outcome.value.status;
  return (await findInvoice(sql, invoiceId))?.status;
}

/**
 * Dunning's cancellation (CONTRACT §12): immediate, without crediting the unpaid period, with `subscription.canceled`
 * (the subscription workflow's cancel-now). A subscription that has already ended is left as it is.
 */
export async function cancelUnpaidSubscription(
  deps: { orm: Orm; temporal: { client: Client; taskQueue: string } },
  input: { tenantId: string; subscriptionId: string; at?: string },
): Promise<'canceled' | 'already_ended'> {
  const context = { sql: tenantSql(deps.orm, input.tenantId), temporal: deps.temporal, byWorkflow: true };
  try {
    await cancelSubscription(context, requireId('subscription', input.subscriptionId), {
      cancelAt: 'now',
      creditUnused: false,
      ...(input.at === undefined ? {} : { at: input.at }),
    });
    return 'canceled';
  } catch (error) {
    if (error instanceof AppError && ENDED.includes(error.code)) return 'already_ended';
    throw error;
  }
}

// Canceled already (refused by the workflow), or gone.
const ENDED: readonly string[] = ['invalid_state_transition', 'subscription_not_found'];
