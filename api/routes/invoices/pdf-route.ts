import { invoiceNotFound } from '../../../services/billing/invoices';
import { findInvoicePdfDocument } from '../../../services/payments/documents';
import { payLinksOf } from '../../../services/portal/sessions';
import { renderInvoicePdf } from '../../../infra/pdf/invoice-pdf';
import type { AppDeps } from '../../app-deps';
import { callerTenantSql } from '../../auth/auth-context';
import { ErrorBodySchema } from '../../http/error-body.schema';
import { defineRoute, Reply, type RouteDefinition } from '../../routing/route-definition';
import { idFromPath, IdParamsSchema } from '../../schemas/common';

const PDF = 'application/pdf';

/** A file name a browser saves as is: invoice numbers and ids hold only these characters anyway. */
const fileNameOf = (name: string): string => `${name.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf`;

/** GET /invoices/:id/pdf (SPEC §4.6): the invoice as a PDF document, the one response of the API that is not JSON. */
export function invoicePdfRoutes(deps: AppDeps): RouteDefinition[] {
  const payLink = payLinksOf(deps.config);
  return [
    defineRoute({
      method: 'get',
      path: '/invoices/:id/pdf',
      operationId: 'downloadInvoicePdf',
      summary: 'Download the invoice as a PDF',
      description:
        'An A4 document with the tenant’s company, address and tax id, the customer, number, issue and due dates, ' +
        'its state in words (`Due <date>`, `Paid`, `Refunded`, `Partially refunded`, `Void`, `Uncollectible`), every ' +
        'line with its service period, the totals, a link to pay online while something is due, and its credit notes ' +
        'and refunds. A draft is marked DRAFT. Saved as `<number>.pdf` (`<id>.pdf` for a draft).',
      tags: ['Invoices'],
      auth: { kind: 'apiKey', scope: 'invoices:read' },
      params: IdParamsSchema,
      responses: {
        200: { description: 'The invoice PDF', contentType: PDF, binary: true },
        404: { description: '`invoice_not_found`: unknown, or another tenant’s', schema: ErrorBodySchema },
      },
      handler: async ({ params, ctx }) => {
        const sql = callerTenantSql(ctx, deps.orm);
        const invoiceId = idFromPath('invoice', params.id, invoiceNotFound);
        const document = await findInvoicePdfDocument({ orm: deps.orm, sql, invoiceId, payLink });
        if (document === undefined) throw invoiceNotFound(params.id);
        const fileName = fileNameOf(document.invoice.number ?? document.invoice.id);
        ctx.set('Content-Disposition', `attachment; filename="${fileName}"`);
        return new Reply(200, await renderInvoicePdf(document), PDF);
      },
    }),
  ];
}
