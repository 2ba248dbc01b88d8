import type { SqlTransaction } from '../../../infra/db/sql';
import type { InvoiceSql } from './invoice-records';

/** The customer's own terms and the plan's (through the invoice's subscription, or the plan given). */
export interface InvoiceTermSources {
  customerNetPaymentTerms: number | null;
  planNetPaymentTerms: number | null;
  planGracePeriodDays: number | null;
}

export async function readTermSources(
  sql: InvoiceSql,
  transaction: SqlTransaction,
  owner: { customerId: string; subscriptionId: string | null; planId?: string | null },
): Promise<InvoiceTermSources> {
  const row = await sql.one<{
    customer_terms: number | null;
    plan_terms: number | null;
    plan_grace: number | null;
  }>(
    `select c.net_payment_terms as customer_terms, p.net_payment_terms as plan_terms,
            p.invoice_grace_period_days as plan_grace
       from ${sql.table('customers')} c
       left join ${sql.table('subscriptions')} s on s.id = ?
       left join ${sql.table('plans')} p on p.id = coalesce(?::text, s.plan_id)
      where c.id = ?`,
    [owner.subscriptionId, owner.planId ?? null, owner.customerId],
    transaction,
  );
  return {
    customerNetPaymentTerms: row?.customer_terms ?? null,
    planNetPaymentTerms: row?.plan_terms ?? null,
    planGracePeriodDays: row?.plan_grace ?? null,
  };
}
