import { listInvoicePaymentIds } from '../records';
import type { RefundSql } from './refund-records';

/** A refund that gave money back on one of an invoice's payments. */
export interface InvoiceRefund {
  id: string;
  /** What went back to the customer. */
  amountMinor: bigint;
  /** The part of it that had paid this invoice (the rest came from the payment's unused customer credit). */
  paidMinor: bigint;
  succeededAt: Date;
}

interface InvoiceRefundRow {
  id: string;
  amount_minor: string;
  credit_minor: string;
  succeeded_at: Date | string;
}

/**
 * The SUCCEEDED refunds of an invoice's payments, oldest first: what its documents list. A PENDING refund has not given
 * anything back yet, and a FAILED one never did.
 */
export async function listInvoiceRefunds(sql: RefundSql, invoiceId: string): Promise<InvoiceRefund[]> {
  const paymentIds = await listInvoicePaymentIds(sql, invoiceId);
  if (paymentIds.length === 0) return [];
  const rows = await sql.query<InvoiceRefundRow>(
    `select id, amount_minor::text as amount_minor, credit_minor::text as credit_minor,
            coalesce(succeeded_at, updated_at) as succeeded_at
       from ${sql.table('refunds')}
      where payment_id in (select jsonb_array_elements_text(?::jsonb)) and status = 'SUCCEEDED'
      order by 4, id`,
    [JSON.stringify(paymentIds)],
  );
  return rows.map((row) => ({
    id: row.id,
    amountMinor: BigInt(row.amount_minor),
    paidMinor: BigInt(row.amount_minor) - BigInt(row.credit_minor),
    succeededAt: new Date(row.succeeded_at),
  }));
}
