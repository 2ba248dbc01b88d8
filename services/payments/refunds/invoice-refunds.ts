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
  const rows = await sql.query<InvoiceRefundRow>(
    `select r.id, r.amount_minor::text as amount_minor, r.credit_minor::text as credit_minor,
            coalesce(r.succeeded_at, r.updated_at) as succeeded_at
       from ${sql.table('refunds')} r join ${sql.table('payments')} p on p.id = r.payment_id
      where p.invoice_id = ? and r.status = 'SUCCEEDED'
      order by 4, r.id`,
    [invoiceId],
  );
  return rows.map((row) => ({
    id: row.id,
    amountMinor: BigInt(row.amount_minor),
    paidMinor: BigInt(row.amount_minor) - BigInt(row.credit_minor),
    succeededAt: new Date(row.succeeded_at),
  }));
}
