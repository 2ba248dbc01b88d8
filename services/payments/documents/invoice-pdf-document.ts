import { COLLECTING_STATUSES } from '../../../domain/invoices';
import type { InvoiceId } from '../../../domain/ids';
import type { Orm } from '../../../infra/db/orm';
import type { TenantSql } from '../../../infra/db/tenant-sql';
import type { InvoiceDocument, InvoiceDocumentAdjustment } from '../../../infra/pdf/invoice-document';
import { listCreditNotes } from '../../billing/credit-notes';
import { findInvoiceDocument } from '../../billing/invoices';
import { listInvoiceRefunds } from '../refunds';

/**
 * The stable address where a customer pays one invoice online (the hosted portal's pay page, services/portal); the
 * PDF prints it while something is due. A port, since payments come before the portal; null where the process has
 * no public address to give (a worker configured without PUBLIC_URL).
 */
export type PayLink = (invoice: { tenantId: string; invoiceId: string }) => string | null;

// More credit notes than this on one invoice is not a document anyone prints; the cap keeps the query bounded.
const MAX_CREDIT_NOTES = 500;

/**
 * Everything the invoice PDF shows (GET /invoices/:id/pdf, the invoice e-mail's attachment, the portal's download):
 * the invoice, its finalized credit notes and succeeded refunds, and the pay link while something is due.
 * Undefined when the invoice is not the tenant's.
 */
export async function findInvoicePdfDocument(options: {
  orm: Orm;
  sql: TenantSql;
  invoiceId: InvoiceId;
  payLink: PayLink;
}): Promise<InvoiceDocument | undefined> {
  const { sql, invoiceId } = options;
  const billed = await findInvoiceDocument({ orm: options.orm, sql, invoiceId });
  if (billed === undefined) return undefined;
  const [creditNotes, refunds] = await Promise.all([
    listCreditNotes(sql, { invoiceId, status: 'FINALIZED', limit: MAX_CREDIT_NOTES, offset: 0 }),
    listInvoiceRefunds(sql, invoiceId),
  ]);
  const adjustments: InvoiceDocumentAdjustment[] = [
    ...creditNotes.records.flatMap((note) =>
      note.number === null || note.issuedAt === null
        ? []
        : [{ kind: 'credit_note' as const, reference: note.number, date: note.issuedAt, amount: note.amountMinor }],
    ),
    ...refunds.map((refund) => ({
      kind: 'refund' as const,
      reference: refund.id,
      date: refund.succeededAt,
      amount: refund.amountMinor,
    })),
  ].sort((left, right) => left.date.getTime() - right.date.getTime());
  const { invoice } = billed;
  const due = invoice.amountDue > 0n && COLLECTING_STATUSES.includes(invoice.status);
  return {
    ...billed,
    invoice: {
      ...invoice,
      amountRefunded: refunds.reduce((sum, refund) => sum + refund.paidMinor, 0n),
      adjustments,
    },
    payUrl: due ? options.payLink({ tenantId: sql.tenantId, invoiceId }) : null,
  };
}
