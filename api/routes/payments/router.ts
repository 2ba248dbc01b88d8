import { findPayment, listPayments } from '../../../services/payments';
import type { AppDeps } from '../../app-deps';
import { callerTenantSql } from '../../auth/auth-context';
import { notFound } from '../../../services/errors';
import { ErrorBodySchema } from '../../http/error-body.schema';
import { pageWindow, toListEnvelope } from '../../lists/pagination';
import { defineRoute, type RouteDefinition } from '../../routing/route-definition';
import { IdParamsSchema } from '../../schemas/common';
import { presentPayment } from './presenter';
import { PaymentListQuerySchema, PaymentListSchema, PaymentSchema } from './schema';

const PAYMENT_TAGS = ['Payments'];
const PAYMENT_READ = { kind: 'apiKey', scope: 'payments:read' } as const;

/** Payments (SPEC §4.7): read-only here; refunds and provider payments arrive with the payments issue. */
export function paymentRoutes(deps: AppDeps): RouteDefinition[] {
  const { orm } = deps;
  return [
    defineRoute({
      method: 'get',
      path: '/payments',
      operationId: 'listPayments',
      summary: 'List payments, newest first; filters status, provider, customerId, invoiceId',
      tags: PAYMENT_TAGS,
      auth: PAYMENT_READ,
      query: PaymentListQuerySchema,
      responses: { 200: { description: 'A page of payments', schema: PaymentListSchema } },
      handler: async ({ query, ctx }) => {
        const window = pageWindow(query);
        const { page: _page, limit: _limit, ...filter } = query;
        const { records, total } = await listPayments(callerTenantSql(ctx, orm), { filter, ...window });
        return toListEnvelope(records.map((payment) => presentPayment(payment)), total, window);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/payments/:id',
      operationId: 'getPayment',
      summary: 'One payment',
      tags: PAYMENT_TAGS,
      auth: PAYMENT_READ,
      params: IdParamsSchema,
      responses: {
        200: { description: 'The payment', schema: PaymentSchema },
        404: { description: '`payment_not_found`: unknown, or another tenant’s', schema: ErrorBodySchema },
      },
      handler: async ({ params, ctx }) => {
        const payment = await findPayment(callerTenantSql(ctx, orm), params.id);
        if (payment === undefined) throw notFound('payment_not_found', `Payment ${params.id} not found`);
        return presentPayment(payment);
      },
    }),
  ];
}
