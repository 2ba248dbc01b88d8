import { Type, type Static } from '@sinclair/typebox';
import { actOnSandboxPayment } from '../../../services/payments/sandbox';
import type { AppDeps } from '../../app-deps';
import { callerTenantSql } from '../../auth/auth-context';
import { ErrorBodySchema } from '../../http/error-body.schema';
import { named } from '../../openapi/schema-registry';
import { defineRoute, type RouteDefinition } from '../../routing/route-definition';
import { IdParamsSchema } from '../../schemas/common';

export const SandboxPaymentActionSchema = named(
  'SandboxPaymentAction',
  Type.Object(
    {
      paymentId: Type.String({ example: 'pay_01JD6Z8Q2W3E4R5T6Y7U8I9O0P' }),
      checkoutId: Type.String({ description: 'The sandbox’s checkout', example: 'cs_sbx_3q9V0fJk2xYcL1mNpRtUw' }),
      status: Type.Union([Type.Literal('PAID'), Type.Literal('DECLINED')], {
        description: 'What the sandbox checkout became',
      }),
      notified: Type.Boolean({
        description:
          'Whether the signed notification was taken by this platform; when false the payment workflow still ' +
          'finds the outcome at its next verification',
      }),
    },
    { additionalProperties: false },
  ),
);
type SandboxPaymentActionJson = Static<typeof SandboxPaymentActionSchema>;

const ACTIONS = [
  { action: 'pay', operationId: 'paySandboxPayment', what: 'Pay', outcome: 'SUCCEEDED and its invoice paid' },
  { action: 'decline', operationId: 'declineSandboxPayment', what: 'Decline', outcome: 'FAILED (`declined`)' },
] as const;

/**
 * `POST /payments/:id/sandbox/pay|decline`: the sandbox checkout page's buttons as API calls, for scripts and CI.
 */
export function sandboxPaymentRoutes(deps: AppDeps): RouteDefinition[] {
  return ACTIONS.map(({ action, operationId, what, outcome }) =>
    defineRoute({
      method: 'post',
      path: `/payments/:id/sandbox/${action}`,
      operationId,
      summary: `${what} a SANDBOX payment, as its checkout page's ${what} button does`,
      description:
        'For payments of the SANDBOX provider, whose checkout was created. The sandbox completes its checkout and ' +
        'sends the platform its signed notification; the payment workflow then verifies it through the sandbox ' +
        `and the payment becomes ${outcome}, with the usual events, usually within a second.`,
      tags: ['Payments'],
      auth: { kind: 'apiKey', scope: 'payments:write' },
      params: IdParamsSchema,
      responses: {
        200: { description: 'The sandbox checkout, completed', schema: SandboxPaymentActionSchema },
        404: { description: '`payment_not_found`: unknown, or another tenant’s', schema: ErrorBodySchema },
        409: {
          description:
            '`not_a_sandbox_payment` (another provider’s), `sandbox_checkout_closed` (already paid, declined or ' +
            'expired, or no checkout), `sandbox_disabled` (the platform has turned the SANDBOX provider off)',
          schema: ErrorBodySchema,
        },
      },
      handler: async ({ params, ctx }): Promise<SandboxPaymentActionJson> => {
        const done = await actOnSandboxPayment(deps, callerTenantSql(ctx, deps.orm), { paymentId: params.id, action });
        const status = done.checkout.status === 'PAID' ? 'PAID' : 'DECLINED';
        return { paymentId: done.checkout.reference, checkoutId: done.checkout.id, status, notified: done.notified };
      },
    }),
  );
}
