import { checkoutInvoice } from '../../../services/payments/checkout';
import { invoiceNotFound } from '../../../services/billing/invoices';
import type { AppDeps } from '../../app-deps';
import { callerTenantSql } from '../../auth/auth-context';
import { ErrorBodySchema } from '../../http/error-body.schema';
import { defineRoute, Reply, type RouteDefinition } from '../../routing/route-definition';
import { idFromPath, IdParamsSchema } from '../../schemas/common';
import { presentPayment } from '../payments/presenter';
import { PaymentSchema } from '../payments/schema';
import { CheckoutBodySchema } from './schema';

const error = (description: string) => ({ description, schema: ErrorBodySchema });

/** Checkout of an invoice through a payment provider (CONTRACT §11); the payment's workflow talks to the provider. */
export function checkoutRoutes(deps: AppDeps): RouteDefinition[] {
  const checkoutDeps = { config: deps.config, clock: deps.clock, temporal: deps.temporal };
  return [
    defineRoute({
      method: 'post',
      path: '/invoices/:id/checkout',
      operationId: 'checkoutInvoice',
      summary: 'Start paying an invoice through a payment provider (or get its open checkout)',
      tags: ['Invoices', 'Payments'],
      auth: { kind: 'apiKey', scope: 'payments:write' },
      params: IdParamsSchema,
      body: CheckoutBodySchema,
      responses: {
        201: { description: 'A new PENDING payment with its checkoutUrl and expiresAt', schema: PaymentSchema },
        200: { description: 'The invoice’s unexpired PENDING payment', schema: PaymentSchema },
        400: error('`validation_failed`, naming the field (phoneNumber is required for M-Pesa)'),
        404: error('`invoice_not_found` (unknown, or another tenant’s) or `payment_provider_not_found`'),
        409: error(
          '`no_payment_provider`, `provider_currency_unsupported`, or `invalid_state_transition` (DRAFT, PAID, ' +
            'VOIDED, or nothing due)',
        ),
        502: error(
          '`payment_provider_error`: the provider refused the checkout or could not be reached (the payment is FAILED)',
        ),
        503: error('`temporal_unavailable`'),
      },
      handler: async ({ params, body, ctx }) => {
        const invoiceId = idFromPath('invoice', params.id, invoiceNotFound);
        const { payment, created } = await checkoutInvoice(checkoutDeps, callerTenantSql(ctx, deps.orm), {
          invoiceId,
          ...body,
        });
        return new Reply(created ? 201 : 200, presentPayment(payment));
      },
    }),
  ];
}
