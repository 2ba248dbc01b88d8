import type { Context } from 'koa';
import type { LifecycleRequest } from '../../../domain/subscriptions';
import { getSubscription } from '../../../services/subscriptions';
import {
  cancelSubscriptionUpdate,
  changeSubscriptionPlanUpdate,
  pauseSubscriptionUpdate,
  resumeSubscriptionUpdate,
} from '../../../workflows/subscriptions/messages';
import type { AppDeps } from '../../app-deps';
import { authOf, tenantEntityManager } from '../../auth/auth-context';
import { defineRoute, type RouteDefinition } from '../../routing/route-definition';
import { idFromPath, IdParamsSchema } from '../../schemas/common';
import { newPlanTerms } from '../../../services/subscriptions';
import { presentSubscription } from './presenter';
import { CancelSubscriptionBodySchema, ChangePlanBodySchema, SubscriptionSchema } from './schema';
import { subscriptionNotFound, temporalUnavailable } from '../../../services/subscriptions';
import { refuseFromStoredState, sendTransition, type TransitionTarget } from '../../../services/subscriptions';
import { errorResponse, SUBSCRIPTION_NOT_FOUND, SUBSCRIPTION_TAGS, SUBSCRIPTION_WRITE } from './route-access';

const CONFLICT = errorResponse('`invalid_state_transition` (or `plan_unchanged` for change-plan)');

/** Loads the subscription and what a transition needs; refuses what the stored state already rules out. */
async function targetOf(deps: AppDeps, ctx: Context, id: string, action: LifecycleRequest): Promise<TransitionTarget> {
  const em = tenantEntityManager(ctx, deps.orm);
  const subscription = await getSubscription(em, idFromPath('subscription', id, subscriptionNotFound));
  if (subscription === undefined) throw subscriptionNotFound(id);
  const refusal = refuseFromStoredState(subscription, action);
  if (refusal !== undefined) throw refusal;
  if (deps.temporal === undefined) throw temporalUnavailable();
  return { temporal: deps.temporal, tenantId: authOf(ctx).tenantId, em, subscription };
}

/** What every action route shares: POST, scope, `:id`, and its answers. */
function actionBase(extraErrors: Record<number, ReturnType<typeof errorResponse>> = {}) {
  return {
    method: 'post',
    tags: SUBSCRIPTION_TAGS,
    auth: SUBSCRIPTION_WRITE,
    params: IdParamsSchema,
    responses: {
      200: { description: 'The subscription as stored after the change', schema: SubscriptionSchema },
      ...extraErrors,
      404: SUBSCRIPTION_NOT_FOUND,
      409: CONFLICT,
      503: errorResponse('`temporal_unavailable`'),
    },
  } as const;
}

/** The lifecycle actions: each is one update of the subscription's workflow (SPEC §4.5, issue 5). */
export function subscriptionActionRoutes(deps: AppDeps): RouteDefinition[] {
  return [
    defineRoute({
      ...actionBase(),
      path: '/subscriptions/:id/cancel',
      operationId: 'cancelSubscription',
      summary: 'Cancel now (prorated settlement) or at the end of the current period',
      description: '`now`: CANCELED at once; `period_end`: `cancelAt` is set and no renewal is invoiced.',
      body: CancelSubscriptionBodySchema,
      handler: async ({ params, body, ctx }) => {
        const { cancelAt } = body;
        const target = await targetOf(deps, ctx, params.id, 'cancel');
        const updated = await sendTransition(target, (handle) =>
          handle.executeUpdate(cancelSubscriptionUpdate, { args: [{ cancelAt }] }),
        );
        return presentSubscription(updated);
      },
    }),
    defineRoute({
      ...actionBase(),
      path: '/subscriptions/:id/pause',
      operationId: 'pauseSubscription',
      summary: 'Pause an ACTIVE or TRIALING subscription',
      description: 'Renewals stop; the current period is settled like a cancel now.',
      handler: async ({ params, ctx }) => {
        const target = await targetOf(deps, ctx, params.id, 'pause');
        return presentSubscription(
          await sendTransition(target, (handle) => handle.executeUpdate(pauseSubscriptionUpdate)),
        );
      },
    }),
    defineRoute({
      ...actionBase(),
      path: '/subscriptions/:id/resume',
      operationId: 'resumeSubscription',
      summary: 'Resume a PAUSED subscription',
      description: 'A new period starts at the resume instant (an IN_ADVANCE plan invoices it).',
      handler: async ({ params, ctx }) => {
        const target = await targetOf(deps, ctx, params.id, 'resume');
        return presentSubscription(
          await sendTransition(target, (handle) => handle.executeUpdate(resumeSubscriptionUpdate)),
        );
      },
    }),
    defineRoute({
      ...actionBase({
        400: errorResponse('`validation_failed`, `plan_price_not_found`'),
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
        const { newPlanId, effective } = body;
        const target = await targetOf(deps, ctx, params.id, 'changePlan');
        const newPlan = await newPlanTerms(target.em, target.subscription, newPlanId);
        const request = effective === undefined ? { newPlan } : { newPlan, effective };
        const updated = await sendTransition(target, (handle) =>
          handle.executeUpdate(changeSubscriptionPlanUpdate, { args: [request] }),
        );
        return presentSubscription(updated);
      },
    }),
  ];
}
