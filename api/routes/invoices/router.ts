import { businessTime } from '../../../services/test-clocks/business-time';
import {
  createManualInvoice,
  invoiceNotFound,
  invoiceValue,
  manualInvoiceValue,
} from '../../../services/billing/invoices';
import { finalizeInvoice } from '../../../services/billing/invoices';
import { findInvoice, listInvoices } from '../../../services/billing/invoices';
import { markInvoicePaid, voidInvoice } from '../../../services/payments/settlement';
import {
  noCanceledCheckoutNotice,
  temporalCanceledCheckoutNotice,
  type CanceledCheckoutNotice,
} from '../../../services/payments/checkout';
import { sendInvoiceEmail } from '../../../services/payments/collections';
import type { AppDeps } from '../../app-deps';
import { authOf, callerTenantSql } from '../../auth/auth-context';
import { invoiceEmailDeps } from './collection-deps';
import { pageWindow, toListEnvelope } from '../../lists/pagination';
import { defineRoute, type RouteDefinition } from '../../routing/route-definition';
import { idFromPath, IdParamsSchema } from '../../schemas/common';
import { toNewManualInvoice } from './invoice-input';
import { presentInvoice } from './presenter';
import { errorResponse, INVOICE_READ, INVOICE_TAGS, INVOICE_WRITE } from './route-access';
import {
  CreateInvoiceBodySchema,
  InvoiceListQuerySchema,
  InvoiceListSchema,
  InvoiceSchema,
  SendInvoiceEmailBodySchema,
} from './schema';

const NOT_FOUND = errorResponse('`invoice_not_found`: unknown, or another tenant’s');
const CONFLICT = errorResponse('`invalid_state_transition`: the invoice is not in a status the action applies to');

type Transition = typeof finalizeInvoice;

/** Void and mark-paid end the checkouts they cancel through the payments' workflows. */
function canceledCheckoutNotice(deps: AppDeps): CanceledCheckoutNotice {
  return deps.temporal === undefined
    ? noCanceledCheckoutNotice
    : temporalCanceledCheckoutNotice(deps.temporal, deps.logger);
}

const invoiceIdOf = (id: string) => idFromPath('invoice', id, invoiceNotFound);

/**
 * The lifecycle actions share a shape: lock, check the status, change, answer with the invoice. What the change does
 * to the subscription's past-due standing (CONTRACT §12) follows after its commit, through billing's standing port.
 */
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
    handler: async ({ params, ctx }) => {
      const sql = callerTenantSql(ctx, deps.orm);
      const now = await businessTime(deps.clock).ofInvoice(sql, params.id);
      return presentInvoice(invoiceValue(await action.run(sql, invoiceIdOf(params.id), now), params.id));
    },
  });
}

/** POST /invoices/:id/send-email (CONTRACT §12). */
function sendEmailRoute(deps: AppDeps) {
  const emailDeps = invoiceEmailDeps(deps);
  return defineRoute({
    method: 'post',
    path: '/invoices/:id/send-email',
    operationId: 'sendInvoiceEmail',
    summary: 'E-mail the invoice to the customer: PDF attached, with a checkout link when something is due',
    description:
      'Sent through the tenant’s SMTP settings, else the platform’s. The platform’s mail server is no relay: ' +
      'without SMTP settings of its own, a tenant’s invoice e-mail goes only to the customer’s stored address (a ' +
      '`to` naming another address is 409 `smtp_not_configured`), and at most `PLATFORM_MAIL_PER_DAY` of them ' +
      '(100 by default, dunning reminders included) go through it per tenant per UTC day; beyond that the answer is ' +
      '429 with `retryAfter`, the seconds until the next UTC day. Mail through the tenant’s own SMTP settings may ' +
      'go to any `to` and is not capped. The link is the invoice’s open checkout or a new one through the default ' +
      'payment provider; without a provider that takes the currency the mail goes without a link.',
    tags: INVOICE_TAGS,
    auth: INVOICE_WRITE,
    params: IdParamsSchema,
    body: SendInvoiceEmailBodySchema,
    responses: {
      200: { description: 'The invoice, sent', schema: InvoiceSchema },
      400: errorResponse('`validation_failed`: `to` is not an e-mail address, or the customer has none'),
      404: NOT_FOUND,
      409: errorResponse(
        '`invalid_state_transition`: a DRAFT or VOIDED invoice is not sent; `smtp_not_configured`: `to` names ' +
          'another address than the customer’s and the tenant has no SMTP settings of its own',
      ),
      429: errorResponse(
        '`platform_mail_limit_reached`: the tenant’s invoice e-mails through the platform’s mail server for the UTC ' +
          'day are spent; `retryAfter` (and `Retry-After`) give the seconds until the next UTC day',
      ),
      502: errorResponse('`email_failed`: the mail server refused the message (its answer is in the message)'),
    },
    handler: async ({ params, body, ctx }) => {
      const invoiceId = invoiceIdOf(params.id);
      const request = { tenantId: authOf(ctx).tenantId, invoiceId, kind: 'invoice' as const };
      return presentInvoice(
        await sendInvoiceEmail(emailDeps, body.to === undefined ? request : { ...request, to: body.to }),
      );
    },
  });
}

/** Invoices (SPEC §4.6) and their e-mail (CONTRACT §12); the PDF and the checkout have routes of their own. */
export function invoiceRoutes(deps: AppDeps): RouteDefinition[] {
  const { orm, clock } = deps;
  const checkoutNotice = canceledCheckoutNotice(deps);
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
        const sql = callerTenantSql(ctx, orm);
        const request = toNewManualInvoice(body, await businessTime(clock).ofCustomer(sql, body.customerId));
        const outcome = await createManualInvoice(sql, request);
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
      summary: 'Void a DRAFT, OPEN or UNCOLLECTIBLE invoice (a PAID one needs a credit note)',
      run: (sql, invoiceId, now) => voidInvoice(sql, invoiceId, now, checkoutNotice),
    }),
    transitionRoute(deps, {
      path: 'mark-paid',
      operationId: 'markInvoicePaid',
      summary:
        'Mark an OPEN or UNCOLLECTIBLE invoice paid outside the platform: records a MANUAL payment for the amount due',
      run: (sql, invoiceId, now) => markInvoicePaid(sql, invoiceId, now, checkoutNotice),
    }),
    sendEmailRoute(deps),
  ];
}
