import type { SqlTransaction } from '../../../infra/db/sql';
import { findCustomerOnRecord } from '../../catalog/customers';
import { findPlanInvoiceTerms } from '../../catalog/plans';
import { findSubscription } from '../subscriptions';
import type { InvoiceSql } from './invoice-records';

/** The customer's own terms and the plan's (through the invoice's subscription, or the plan given). */
export interface InvoiceTermSources {
  customerNetPaymentTerms: number | null;
  planNetPaymentTerms: number | null;
  planGracePeriodDays: number | null;
}

const NO_TERMS: InvoiceTermSources = {
  customerNetPaymentTerms: null,
  planNetPaymentTerms: null,
  planGracePeriodDays: null,
};

async function planOfSubscription(
  sql: InvoiceSql,
  transaction: SqlTransaction,
  subscriptionId: string | null,
): Promise<string | null> {
  if (subscriptionId === null) return null;
  return (await findSubscription(sql, subscriptionId, { transaction }))?.planId ?? null;
}

/** The customer's terms (deleted or not) and its plan's: the one given, else the subscription's. */
export async function readTermSources(
  sql: InvoiceSql,
  transaction: SqlTransaction,
  owner: { customerId: string; subscriptionId: string | null; planId?: string | null },
): Promise<InvoiceTermSources> {
  const customer = await findCustomerOnRecord(sql, owner.customerId, transaction);
  if (customer === undefined) return NO_TERMS;
  const planId = owner.planId ?? (await planOfSubscription(sql, transaction, owner.subscriptionId));
  const plan = planId === null ? undefined : await findPlanInvoiceTerms(sql, planId, transaction);
  return {
    customerNetPaymentTerms: customer.netPaymentTerms,
    planNetPaymentTerms: plan?.netPaymentTerms ?? null,
    planGracePeriodDays: plan?.invoiceGracePeriodDays ?? null,
  };
}
