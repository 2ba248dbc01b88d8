import { businessTime } from '../../../services/test-clocks/business-time';
import { createGateway } from '../../../services/payments/gateways';
import { findPayment, listPayments } from '../../../services/payments/records';
import { createRefund, readPaymentDetails } from '../../../services/payments/refunds';
import type { AppDeps } from '../../app-deps';
import { callerTenantSql } from '../../auth/auth-context';
import { notFound } from '../../../services/platform/errors';
import { ErrorBodySchema } from '../../http/error-body.schema';
import { pageWindow, toListEnvelope } from '../../lists/pagination';
import { defineRoute, type RouteDefinition } from '../../routing/route-definition';
import { IdParamsSchema } from '../../schemas/common';
import { sandboxPaymentRoutes } from './sandbox-routes';
import { presentPayment, presentPaymentDetails, presentPayments, presentRefund } from './presenter';
import {
  PaymentListQuerySchema,
  PaymentListSchema,
  PaymentSchema,
  RefundPaymentBodySchema,
  RefundSchema,
} from './schema';

const PAYMENT_TAGS = ['Payments'];
const PAYMENT_READ = { kind: 'apiKey', scope: 'payments:read' } as const;
const PAYMENT_WRITE = { kind: 'apiKey', scope: 'payments:write' } as const;
const errorResponse = (description: string) => ({ description, schema: ErrorBodySchema });
const paymentNotFound = (id: string) => notFound('payment_not_found', `Payment ${id} not found`);
const NOT_FOUND = errorResponse('`payment_not_found`: unknown, or another tenant’s');

/** Payments (SPEC §4.7, CONTRACT §11): each shown with its refunds and the provider notifications received. */
export function paymentRoutes(deps: AppDeps): RouteDefinition[] {
  const { orm, clock, config } = deps;
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
        const sql = callerTenantSql(ctx, orm);
        const window = pageWindow(query);
        const { page: _page, limit: _limit, ...filter } = query;
        const { records, total } = await listPayments(sql, { filter, ...window });
        const details = await readPaymentDetails(
          sql,
          records.map((payment) => payment.id),
          clock.now(),
        );
        return toListEnvelope(presentPayments(records, details), total, window);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/payments/:id',
      operationId: 'getPayment',
      summary: 'One payment, with its refunds (oldest first) and provider notifications (oldest first)',
      tags: PAYMENT_TAGS,
      auth: PAYMENT_READ,
      params: IdParamsSchema,
      responses: { 200: { description: 'The payment', schema: PaymentSchema }, 404: NOT_FOUND },
      handler: async ({ params, ctx }) => {
        const sql = callerTenantSql(ctx, orm);
        const payment = await findPayment(sql, params.id);
        if (payment === undefined) throw paymentNotFound(params.id);
        const details = await readPaymentDetails(sql, [payment.id], clock.now());
        return presentPayment(payment, presentPaymentDetails(details.get(payment.id)));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/payments/:id/refund',
      operationId: 'refundPayment',
      summary: 'Refund a payment, in full or in part, through its provider (MANUAL payments: recorded only)',
      description:
        'Refunds never exceed the captured amount, even concurrently: PENDING and SUCCEEDED refunds count. The ' +
        'refund is PENDING until the provider confirms it (MANUAL refunds succeed at once); a provider’s refusal ' +
        'is a 201 with the refund FAILED and its `failureReason`. When it succeeds the payment becomes ' +
        'PARTIALLY_REFUNDED or REFUNDED and `payment.refunded` is sent. Refunds never change the invoice; ' +
        '`createCreditNote` records a credit note for that.',
      tags: PAYMENT_TAGS,
      auth: PAYMENT_WRITE,
      params: IdParamsSchema,
      body: RefundPaymentBodySchema,
      responses: {
        201: { description: 'The refund: SUCCEEDED, PENDING or FAILED', schema: RefundSchema },
        400: errorResponse('`validation_failed`: amount 0 or with more decimals than the currency, reason too long'),
        404: NOT_FOUND,
        409: errorResponse(
          '`invalid_state_transition` (payment not SUCCEEDED or PARTIALLY_REFUNDED), `refund_exceeds_payment`, ' +
            '`payment_provider_not_configured` (the configuration that took it was deleted)',
        ),
        502: errorResponse('`payment_provider_error`: no adapter can refund through this provider'),
      },
      handler: async ({ params, body, ctx, requestKey }) => {
        const sql = callerTenantSql(ctx, orm);
        // Under an Idempotency-Key, a re-run of this request continues its refund instead of making a second one.
        const refund = await createRefund(
          { sql, config, clock, createGateway },
          {
            paymentId: params.id,
            ...(body.amount === undefined ? {} : { amount: body.amount }),
            reason: body.reason ?? null,
            createCreditNote: body.createCreditNote ?? false,
            now: await businessTime(clock).ofPayment(sql, params.id),
            ...(requestKey === undefined ? {} : { requestKey }),
          },
        );
        return presentRefund(refund);
      },
    }),
    ...sandboxPaymentRoutes(deps),
  ];
}
