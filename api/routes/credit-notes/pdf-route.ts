import { findCreditNoteDocument } from '../../../services/billing/credit-notes';
import { notFound } from '../../../services/platform/errors';
import { renderCreditNotePdf } from '../../../infra/pdf/credit-note-pdf';
import type { AppDeps } from '../../app-deps';
import { callerTenantSql } from '../../auth/auth-context';
import { defineRoute, Reply, type RouteDefinition } from '../../routing/route-definition';
import { IdParamsSchema } from '../../schemas/common';
import { CREDIT_NOTE_READ, CREDIT_NOTE_TAGS, errorResponse } from './route-access';

const PDF = 'application/pdf';

/** A file name a browser saves as is: credit-note numbers and ids hold only these characters anyway. */
const fileNameOf = (name: string): string => `${name.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf`;

const creditNoteNotFound = (id: string) => notFound('credit_note_not_found', `Credit note ${id} not found`);

/** GET /credit-notes/:id/pdf: the credit note as a PDF document, as GET /invoices/:id/pdf is for an invoice. */
export function creditNotePdfRoutes(deps: AppDeps): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/credit-notes/:id/pdf',
      operationId: 'downloadCreditNotePdf',
      summary: 'Download the credit note as a PDF',
      description:
        'An A4 document in the invoice PDF’s style: the tenant’s company, address and tax id, the customer, the ' +
        'number, the invoice it credits, issue date, reason and state (`Issued`, `Void`, `Draft`), every item and the ' +
        'total credited. A draft is marked DRAFT. Saved as `<number>.pdf` (`<id>.pdf` for a draft).',
      tags: CREDIT_NOTE_TAGS,
      auth: CREDIT_NOTE_READ,
      params: IdParamsSchema,
      responses: {
        200: { description: 'The credit-note PDF', contentType: PDF, binary: true },
        404: errorResponse('`credit_note_not_found`: unknown, or another tenant’s'),
      },
      handler: async ({ params, ctx }) => {
        const sql = callerTenantSql(ctx, deps.orm);
        const document = await findCreditNoteDocument({ orm: deps.orm, sql, creditNoteId: params.id });
        if (document === undefined) throw creditNoteNotFound(params.id);
        const fileName = fileNameOf(document.creditNote.number ?? document.creditNote.id);
        ctx.set('Content-Disposition', `attachment; filename="${fileName}"`);
        return new Reply(200, await renderCreditNotePdf(document), PDF);
      },
    }),
  ];
}
