import type { Context } from 'koa';
import type { SubscriptionId } from '../../../domain/ids';
import { cancelWithCreditNotes } from '../../../services/billing/subscription-billing';
import {
  changeSubscriptionPlan,
  pauseSubscription,
  resumeSubscription,
  retrySubscriptionBilling,
  subscriptionNotFound,
  type SubscriptionActionContext,
} from '../../../services/billing/subscriptions';
import type { AppDeps } from '../../app-deps';
import { callerTenantSql } from '../../auth/auth-context';
import { defineRoute, type RouteDefinition } from '../../routing/route-definition';
import { idFromPath, IdParamsSchema } from '../../schemas/common';
import { presentCancellation, presentSubscription } from './presenter';
import {
  CancelSubscriptionBodySchema,
  ChangePlanBodySchema,
  SubscriptionCancellationSchema,
  SubscriptionSchema,
} from './schema';
import { errorResponse, SUBSCRIPTION_NOT_FOUND, SUBSCRIPTION_TAGS, SUBSCRIPTION_WRITE } from './route-access';

const CONFLICT = errorResponse('`invalid_state_transition` (or `plan_unchanged` for change-plan)');

/** The caller's tenant SQL and the app's Temporal access: what every action runs with. */
function actionContext(deps: AppDeps, ctx: Context): SubscriptionActionContext {
  return { sql: callerTenantSql(ctx, deps.orm), temporal: deps.temporal };
}

const subscriptionIdOf = (id: string): SubscriptionId => idFromPath('subscription', id, subscriptionNotFound);

/** What every action route shares: POST, scope, `:id`, and its answers. */
function actionBase(extraErrors: Record<number, ReturnType<typeof errorResponse>> = {}) {
  return {
    method: 'post',
    tags: SUBSCRIPTION_TAGS,
    auth: SUBSCRIPTION_WRITE,
    params: IdParamsSchema,
    responses: {
      200: { description: 'The subscription as stored after the change', schema: SubscriptionSchema },
      404: SUBSCRIPTION_NOT_FOUND,
      409: CONFLICT,
      503: errorResponse('`temporal_unavailable`'),
      ...extraErrors,
    },
  } as const;
}

/**
 * The lifecycle actions: each is one update of the subscription's workflow (SPEC §4.5, issue 5). Retry-billing is a
 * signal instead: its work (pricing and issuing invoices) runs after the answer.
 */
export function subscriptionActionRoutes(deps: AppDeps): RouteDefinition[] {
  return [
    defineRoute({
      ...actionBase(),
      path: '/subscriptions/:id/cancel',
      operationId: 'cancelSubscription',
      summary: 'Cancel now (prorated settlement) or at the end of the current period',
      description:
        '`now`: CANCELED at once, the unused part of a period billed in advance credited by FINALIZED credit notes ' +
        'named in `creditNoteIds`; `period_end`: `cancelAt` is set and no renewal is invoiced (`creditNoteIds` empty).',
      body: CancelSubscriptionBodySchema,
      responses: {
        ...actionBase().responses,
        200: {
          description: 'The subscription as stored after the change, with the credit notes it issued',
          schema: SubscriptionCancellationSchema,
        },
      },
      handler: async ({ params, body, ctx }) => {
        const { cancelAt } = body;
        const id = subscriptionIdOf(params.id);
        const context = { sql: callerTenantSql(ctx, deps.orm), temporal: deps.temporal };
        return presentCancellation(await cancelWithCreditNotes(context, id, { cancelAt }));
      },
    }),
    defineRoute({
      ...actionBase(),
      path: '/subscriptions/:id/pause',
      operationId: 'pauseSubscription',
      summary: 'Pause an ACTIVE or TRIALING subscription',
      description: 'Renewals stop; the current period is settled like a cancel now.',
      handler: async ({ params, ctx }) => {
        return presentSubscription(await pauseSubscription(actionContext(deps, ctx), subscriptionIdOf(params.id)));
      },
    }),
    defineRoute({
      ...actionBase(),
      path: '/subscriptions/:id/resume',
      operationId: 'resumeSubscription',
      summary: 'Resume a PAUSED subscription',
      description: 'A new period starts at the resume instant (an IN_ADVANCE plan invoices it).',
      handler: async ({ params, ctx }) => {
        return presentSubscription(await resumeSubscription(actionContext(deps, ctx), subscriptionIdOf(params.id)));
      },
    }),
    defineRoute({
      ...actionBase({
        409: errorResponse(
          '`invalid_state_transition`, `plan_unchanged`, `plan_inactive`, or `plan_price_not_found` (none in its ' +
            'currency)',
        ),
      }),
      path: '/subscriptions/:id/change-plan',
      operationId: 'changeSubscriptionPlan',
      summary: 'Move to another plan with proration',
      description:
        'Default: an upgrade (higher price per day) applies now with one proration invoice, a downgrade at period ' +
        'end (`pendingPlanId`). The new plan needs a price in the subscription’s currency. A plan on another ' +
        'interval applied now starts a new period at the change (the old plan’s unused days credited on its invoice).',
      body: ChangePlanBodySchema,
      handler: async ({ params, body, ctx }) => {
        const id = subscriptionIdOf(params.id);
        return presentSubscription(await changeSubscriptionPlan(actionContext(deps, ctx), id, body));
      },
    }),
    defineRoute({
      ...actionBase(),
      path: '/subscriptions/:id/retry-billing',
      operationId: 'retrySubscriptionBilling',
      summary: 'Issue again the invoices that failed with a billing error',
      description:
        'For a subscription whose `billingError` is set. The retry runs in the subscription’s workflow after this ' +
        'answer: every waiting invoice is priced and issued again (`invoice.created` for each), then `billingError` ' +
        'goes back to null; a period that still cannot be priced keeps it and waits for the next retry.',
      responses: {
        202: {
          description: 'Retry requested: the subscription as it was asked, `billingError` still set',
          schema: SubscriptionSchema,
        },
        404: SUBSCRIPTION_NOT_FOUND,
        409: errorResponse(
          '`no_billing_error` (no invoice waits for a retry), or `invalid_state_transition` (the subscription has ended)',
        ),
        503: errorResponse('`temporal_unavailable`'),
      },
      handler: async ({ params, ctx }) => {
        const id = subscriptionIdOf(params.id);
        return presentSubscription(await retrySubscriptionBilling(actionContext(deps, ctx), id));
      },
    }),
  ];
}
