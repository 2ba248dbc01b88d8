import type { Context } from 'koa';
import {
  checkoutPortalInvoice,
  listPortalInvoices,
  listPortalPayments,
  listPortalSubscriptions,
  readBillingOverview,
  requirePortalCustomer,
} from '../../../services/portal/customer-portal';
import { createPortalLink, portalKeys } from '../../../services/portal/sessions';
import type { AppDeps } from '../../app-deps';
import { authOf, callerTenantSql } from '../../auth/auth-context';
import { ErrorBodySchema } from '../../http/error-body.schema';
import { PaginationQuerySchema, pageWindow, toListEnvelope } from '../../lists/pagination';
import { defineRoute, Reply, type RouteDefinition } from '../../routing/route-definition';
import { CheckoutBodySchema } from '../checkout/schema';
import { presentInvoice } from '../invoices/presenter';
import { presentPayment, presentPayments } from '../payments/presenter';
import { PaymentSchema } from '../payments/schema';
import { presentSubscription } from '../subscriptions/presenter';
import { presentBillingOverview } from './presenter';
import {
  CreatePortalSessionBodySchema,
  PortalBillingSchema,
  PortalCustomerParamsSchema,
  PortalInvoiceListSchema,
  PortalInvoiceParamsSchema,
  PortalPaymentListSchema,
  PortalSessionSchema,
  PortalSubscriptionListSchema,
} from './schema';

const TAGS = ['Portal'];
const READ = { kind: 'apiKey', scope: 'portal:read' } as const;
const WRITE = { kind: 'apiKey', scope: 'portal:write' } as const;
const error = (description: string) => ({ description, schema: ErrorBodySchema });
const CUSTOMER_NOT_FOUND = error('`customer_not_found`: no live customer of yours has this externalId');

/**
 * The customer portal's API (SPEC §4.11, CONTRACT §14): one customer's billing as the tenant's own customer-facing
 * pages need it, by the tenant's externalId, DRAFT invoices never shown; and the hosted page's links.
 */
export function portalRoutes(deps: AppDeps): RouteDefinition[] {
  const { orm, clock } = deps;
  const checkoutDeps = { config: deps.config, clock, temporal: deps.temporal };
  const keys = portalKeys(deps.config.encryptionKey);
  const customerOf = async (ctx: Context, externalId: string) => {
    const sql = callerTenantSql(ctx, orm);
    return { sql, customer: await requirePortalCustomer(sql, externalId) };
  };
  const list = (relation: string, operationId: string) => ({
    method: 'get' as const,
    path: `/portal/customers/:externalId/${relation}`,
    operationId,
    summary: `The customer’s ${relation}, newest first`,
    tags: TAGS,
    auth: READ,
    params: PortalCustomerParamsSchema,
    query: PaginationQuerySchema,
  });
  return [
    defineRoute({
      method: 'get',
      path: '/portal/customers/:externalId/billing',
      operationId: 'getPortalBilling',
      summary: 'A customer’s billing at a glance: live subscriptions, amounts due, wallet, next invoice',
      tags: TAGS,
      auth: READ,
      params: PortalCustomerParamsSchema,
      responses: { 200: { description: 'The overview', schema: PortalBillingSchema }, 404: CUSTOMER_NOT_FOUND },
      handler: async ({ params, ctx }) => {
        const { sql, customer } = await customerOf(ctx, params.externalId);
        return presentBillingOverview(await readBillingOverview(sql, customer));
      },
    }),
    defineRoute({
      ...list('subscriptions', 'listPortalSubscriptions'),
      responses: {
        200: { description: 'A page of subscriptions', schema: PortalSubscriptionListSchema },
        404: CUSTOMER_NOT_FOUND,
      },
      handler: async ({ params, query, ctx }) => {
        const { sql, customer } = await customerOf(ctx, params.externalId);
        const window = pageWindow(query);
        const page = await listPortalSubscriptions(sql, customer.id, window);
        return toListEnvelope(page.records.map(presentSubscription), page.total, window);
      },
    }),
    defineRoute({
      ...list('invoices', 'listPortalInvoices'),
      description: 'DRAFT invoices are never shown: a draft may still change.',
      responses: {
        200: { description: 'A page of invoices, DRAFTs left out', schema: PortalInvoiceListSchema },
        404: CUSTOMER_NOT_FOUND,
      },
      handler: async ({ params, query, ctx }) => {
        const { sql, customer } = await customerOf(ctx, params.externalId);
        const window = pageWindow(query);
        const page = await listPortalInvoices(sql, customer.id, window);
        return toListEnvelope(page.records.map(presentInvoice), page.total, window);
      },
    }),
    defineRoute({
      ...list('payments', 'listPortalPayments'),
      responses: {
        200: { description: 'A page of payments with their refunds', schema: PortalPaymentListSchema },
        404: CUSTOMER_NOT_FOUND,
      },
      handler: async ({ params, query, ctx }) => {
        const { sql, customer } = await customerOf(ctx, params.externalId);
        const window = pageWindow(query);
        const page = await listPortalPayments(sql, { customerId: customer.id, window, now: clock.now() });
        return toListEnvelope(presentPayments(page.records, page.details), page.total, window);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/portal/customers/:externalId/invoices/:invoiceId/checkout',
      operationId: 'checkoutPortalInvoice',
      summary: 'Start paying one of the customer’s invoices (or get its open checkout)',
      description: 'As `POST /invoices/:id/checkout`, for an invoice of this customer only.',
      tags: TAGS,
      auth: WRITE,
      params: PortalInvoiceParamsSchema,
      body: CheckoutBodySchema,
      responses: {
        201: { description: 'A new PENDING payment with its checkoutUrl and expiresAt', schema: PaymentSchema },
        200: { description: 'The invoice’s unexpired PENDING payment', schema: PaymentSchema },
        400: error('`validation_failed`, naming the field (phoneNumber is required for M-Pesa)'),
        404: error(
          '`customer_not_found`, `invoice_not_found` (unknown, a DRAFT, or another customer’s) or ' +
            '`payment_provider_not_found`',
        ),
        409: error('`no_payment_provider`, `provider_currency_unsupported`, or `invalid_state_transition`'),
        502: error(
          '`payment_provider_error`: the provider refused the checkout or could not be reached (the payment is FAILED)',
        ),
        503: error('`temporal_unavailable`'),
      },
      handler: async ({ params, body, ctx }) => {
        const { sql, customer } = await customerOf(ctx, params.externalId);
        const { payment, created } = await checkoutPortalInvoice(checkoutDeps, sql, {
          ...body,
          customerId: customer.id,
          invoiceId: params.invoiceId,
        });
        return new Reply(created ? 201 : 200, presentPayment(payment));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/portal/customers/:externalId/sessions',
      operationId: 'createPortalSession',
      summary: 'A link to the hosted portal page for this customer, valid one hour',
      description:
        'Send `url` to the customer (never put it in a page others see): whoever opens it sees and acts for this ' +
        'customer until `expiresAt`. Opening it exchanges the token for a session cookie.',
      tags: TAGS,
      auth: WRITE,
      params: PortalCustomerParamsSchema,
      body: CreatePortalSessionBodySchema,
      responses: {
        201: { description: 'The link', schema: PortalSessionSchema },
        400: error('`validation_failed`: returnUrl not http(s), malformed locale'),
        404: CUSTOMER_NOT_FOUND,
      },
      handler: async ({ params, body, ctx }) => {
        const { customer } = await customerOf(ctx, params.externalId);
        const link = createPortalLink(
          { keys, publicUrl: deps.config.publicUrl, now: clock.now() },
          { ...body, tenantId: authOf(ctx).tenantId, customerId: customer.id },
        );
        return { id: link.session.id, url: link.url, expiresAt: link.session.expiresAt.toISOString() };
      },
    }),
  ];
}
