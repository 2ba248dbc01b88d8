import { createManualInvoice, invoiceNotFound, invoiceValue, manualInvoiceValue } from '../../../services/invoices';
import { finalizeInvoice } from '../../../services/invoices';
import { findInvoice, listInvoices } from '../../../services/invoices';
import { markInvoicePaid, voidInvoice } from '../../../services/invoices';
import type { AppDeps } from '../../app-deps';
import { callerTenantSql } from '../../auth/auth-context';
import { pageWindow, toListEnvelope } from '../../lists/pagination';
import { defineRoute, type RouteDefinition } from '../../routing/route-definition';
import { idFromPath, IdParamsSchema } from '../../schemas/common';
import { toNewManualInvoice } from './invoice-input';
import { presentInvoice } from './presenter';
import { errorResponse, INVOICE_READ, INVOICE_TAGS, INVOICE_WRITE } from './route-access';
import { CreateInvoiceBodySchema, InvoiceListQuerySchema, InvoiceListSchema, InvoiceSchema } from './schema';

const NOT_FOUND = errorResponse('`invoice_not_found`: unknown, or another tenant’s');
const CONFLICT = errorResponse('`invalid_state_transition`: the invoice is not in a status the action applies to');

type Transition = typeof finalizeInvoice;

const invoiceIdOf = (id: string) => idFromPath('invoice', id, invoiceNotFound);

/** The three lifecycle actions share a shape: lock, check the status, change, answer with the invoice. */
function transitionRoute(
  deps: AppDeps,
  action: { path: string; operationId: string; summary: string; run: Transition },
) {
  return defineRoute({
    method: 'post',
    path: `/invoices/:id/${action.path}`,
    operationId: action.operationId,
    summary: action.summary,
    tags: INVOICE_TAGS,
    auth: INVOICE_WRITE,
    params: IdParamsSchema,
    responses: { 200: { description: 'The updated invoice', schema: InvoiceSchema }, 404: NOT_FOUND, 409: CONFLICT },
    handler: async ({ params, ctx }) =>
      presentInvoice(
        invoiceValue(
          await action.run(callerTenantSql(ctx, deps.orm), invoiceIdOf(params.id), deps.clock.now()),
          params.id,
        ),
      ),
  });
}

/** Invoices (SPEC §4.6); checkout and send-email arrive with the payments issue, the PDF has its own route. */
export function invoiceRoutes(deps: AppDeps): RouteDefinition[] {
  const { orm, clock } = deps;
  return [
    defineRoute({
      method: 'post',
      path: '/invoices',
      operationId: 'createInvoice',
      summary: 'Create a DRAFT manual invoice',
      tags: INVOICE_TAGS,
      auth: INVOICE_WRITE,
      body: CreateInvoiceBodySchema,
      responses: {
        201: { description: 'The DRAFT invoice', schema: InvoiceSchema },
        400: errorResponse('`validation_failed`, naming the field: unitAmount decimals, quantity, currency, dueDate'),
        404: errorResponse('`customer_not_found`, or `subscription_not_found` (not the customer’s)'),
      },
      handler: async ({ body, ctx }) => {
        const request = toNewManualInvoice(body, clock.now());
        const outcome = await createManualInvoice(callerTenantSql(ctx, orm), request);
        return presentInvoice(manualInvoiceValue(outcome, request));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/invoices',
      operationId: 'listInvoices',
      summary: 'List invoices, newest first; filters status, customerId, subscriptionId',
      tags: INVOICE_TAGS,
      auth: INVOICE_READ,
      query: InvoiceListQuerySchema,
      responses: { 200: { description: 'A page of invoices', schema: InvoiceListSchema } },
      handler: async ({ query, ctx }) => {
        const window = pageWindow(query);
        const { page: _page, limit: _limit, ...filter } = query;
        const { records, total } = await listInvoices(callerTenantSql(ctx, orm), { filter, ...window });
        return toListEnvelope(records.map(presentInvoice), total, window);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/invoices/:id',
      operationId: 'getInvoice',
      summary: 'One invoice with its lines',
      tags: INVOICE_TAGS,
      auth: INVOICE_READ,
      params: IdParamsSchema,
      responses: { 200: { description: 'The invoice', schema: InvoiceSchema }, 404: NOT_FOUND },
      handler: async ({ params, ctx }) => {
        const invoice = await findInvoice(callerTenantSql(ctx, orm), invoiceIdOf(params.id));
        if (invoice === undefined) throw invoiceNotFound(params.id);
        return presentInvoice(invoice);
      },
    }),
    transitionRoute(deps, {
      path: 'finalize',
      operationId: 'finalizeInvoice',
      summary: 'Finalize a DRAFT: number it, set issue and due dates, apply customer credit (PAID if nothing is due)',
      run: finalizeInvoice,
    }),
    transitionRoute(deps, {
      path: 'void',
      operationId: 'voidInvoice',
      summary: 'Void a DRAFT or OPEN invoice (a PAID one needs a credit note)',
      run: voidInvoice,
    }),
    transitionRoute(deps, {
      path: 'mark-paid',
      operationId: 'markInvoicePaid',
      summary: 'Mark an OPEN invoice paid outside the platform: records a MANUAL payment for the amount due',
      run: markInvoicePaid,
    }),
  ];
}
