import { changeRequestedCreditNote, createRequestedCreditNote } from '../../../services/billing/credit-notes';
import { creditNoteValue, findCreditNote, listCreditNotes } from '../../../services/billing/credit-notes';
import { creditNoteView } from '../../../services/billing/credit-notes';
import { finalizeRequestedCreditNote, voidRequestedCreditNote } from '../../../services/billing/credit-notes';
import type { AppDeps } from '../../app-deps';
import { callerTenantSql } from '../../auth/auth-context';
import { notFound } from '../../../services/platform/errors';
import { pageWindow, toListEnvelope } from '../../lists/pagination';
import { defineRoute, type RouteDefinition } from '../../routing/route-definition';
import { IdParamsSchema } from '../../schemas/common';
import { CREDIT_NOTE_READ, CREDIT_NOTE_TAGS, CREDIT_NOTE_WRITE, errorResponse } from './route-access';
import {
  CreateCreditNoteBodySchema,
  CreditNoteListQuerySchema,
  CreditNoteListSchema,
  CreditNoteSchema,
  UpdateCreditNoteBodySchema,
} from './schema';

const NOT_FOUND = errorResponse('`credit_note_not_found`: unknown, or another tenant’s');
const creditNoteNotFound = (id: string) => notFound('credit_note_not_found', `Credit note ${id} not found`);

/** Credit notes against invoices (SPEC §4.9); the rules are in docs/credit-notes.md. */
export function creditNoteRoutes(deps: AppDeps): RouteDefinition[] {
  // Each request happens at the customer's business time (its test clock's), which the service reads.
  const { orm, clock } = deps;
  return [
    defineRoute({
      method: 'post',
      path: '/credit-notes',
      operationId: 'createCreditNote',
      summary: 'Create a DRAFT credit note against an OPEN or PAID invoice',
      description:
        'Give `amount` or `items` (the amount is their sum), not both. The invoice’s DRAFT and FINALIZED credit ' +
        'notes together never exceed its total.',
      tags: CREDIT_NOTE_TAGS,
      auth: CREDIT_NOTE_WRITE,
      body: CreateCreditNoteBodySchema,
      responses: {
        201: { description: 'The DRAFT credit note', schema: CreditNoteSchema },
        400: errorResponse('`validation_failed`: neither or both of amount and items, too many decimals, 0'),
        404: errorResponse('`invoice_not_found`'),
        409: errorResponse('`invalid_state_transition` (invoice not OPEN or PAID), `credit_exceeds_invoice_total`'),
      },
      handler: async ({ body, ctx, requestKey }) => {
        // Under an Idempotency-Key the note remembers its request: a re-run after a crash returns it, not a second.
        const idempotencyKey = requestKey === undefined ? undefined : `request:${requestKey}`;
        const request = { ...body, idempotencyKey, clock };
        return creditNoteView(creditNoteValue(await createRequestedCreditNote(callerTenantSql(ctx, orm), request)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/credit-notes',
      operationId: 'listCreditNotes',
      summary: 'List credit notes, newest first',
      tags: CREDIT_NOTE_TAGS,
      auth: CREDIT_NOTE_READ,
      query: CreditNoteListQuerySchema,
      responses: { 200: { description: 'A page of credit notes', schema: CreditNoteListSchema } },
      handler: async ({ query, ctx }) => {
        const window = pageWindow(query);
        const { page: _page, limit: _limit, ...filter } = query;
        const { records, total } = await listCreditNotes(callerTenantSql(ctx, orm), { ...window, ...filter });
        return toListEnvelope(records.map(creditNoteView), total, window);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/credit-notes/:id',
      operationId: 'getCreditNote',
      summary: 'One credit note',
      tags: CREDIT_NOTE_TAGS,
      auth: CREDIT_NOTE_READ,
      params: IdParamsSchema,
      responses: { 200: { description: 'The credit note', schema: CreditNoteSchema }, 404: NOT_FOUND },
      handler: async ({ params, ctx }) => {
        const note = await findCreditNote(callerTenantSql(ctx, orm), params.id);
        if (note === undefined) throw creditNoteNotFound(params.id);
        return creditNoteView(note);
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/credit-notes/:id',
      operationId: 'updateCreditNote',
      summary: 'Update a DRAFT credit note: reason, description, amount or items',
      tags: CREDIT_NOTE_TAGS,
      auth: CREDIT_NOTE_WRITE,
      params: IdParamsSchema,
      body: UpdateCreditNoteBodySchema,
      responses: {
        200: { description: 'The updated credit note', schema: CreditNoteSchema },
        400: errorResponse('`validation_failed`: both amount and items, too many decimals, 0'),
        404: NOT_FOUND,
        409: errorResponse('`invalid_state_transition` (not a DRAFT), `credit_exceeds_invoice_total`'),
      },
      handler: async ({ params, body, ctx }) => {
        const sql = callerTenantSql(ctx, orm);
        return creditNoteView(creditNoteValue(await changeRequestedCreditNote(sql, params.id, { ...body, clock })));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/credit-notes/:id/finalize',
      operationId: 'finalizeCreditNote',
      summary: 'Finalize a DRAFT credit note: number it and put it into effect',
      description:
        'On an OPEN invoice it lowers `amountDue` (an invoice it settles becomes PAID; any excess becomes customer ' +
        'credit); on a PAID invoice the whole amount becomes customer credit for the customer’s next invoices.',
      tags: CREDIT_NOTE_TAGS,
      auth: CREDIT_NOTE_WRITE,
      params: IdParamsSchema,
      responses: {
        200: { description: 'The FINALIZED credit note', schema: CreditNoteSchema },
        404: NOT_FOUND,
        409: errorResponse('`invalid_state_transition`: not a DRAFT, or its invoice is no longer OPEN or PAID'),
      },
      handler: async ({ params, ctx }) => {
        const sql = callerTenantSql(ctx, orm);
        return creditNoteView(creditNoteValue(await finalizeRequestedCreditNote(sql, params.id, clock)));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/credit-notes/:id/void',
      operationId: 'voidCreditNote',
      summary: 'Void a FINALIZED credit note, undoing its effect',
      description:
        'Raises the invoice’s `amountDue` again (a PAID invoice settled by credit alone reopens) and takes back the ' +
        'customer credit it granted.',
      tags: CREDIT_NOTE_TAGS,
      auth: CREDIT_NOTE_WRITE,
      params: IdParamsSchema,
      responses: {
        200: { description: 'The VOIDED credit note', schema: CreditNoteSchema },
        404: NOT_FOUND,
        409: errorResponse(
          '`invalid_state_transition` (not FINALIZED, or its invoice was paid since), `credit_already_consumed`',
        ),
      },
      handler: async ({ params, ctx }) => {
        const sql = callerTenantSql(ctx, orm);
        return creditNoteView(creditNoteValue(await voidRequestedCreditNote(sql, params.id, clock)));
      },
    }),
  ];
}
