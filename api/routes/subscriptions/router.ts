import type { Context } from 'koa';
import { findCustomer } from '../../../services/catalog/customers';
import { findPlan } from '../../../services/catalog/plans';
import type { NewSubscription } from '../../../services/billing/subscriptions';
import {
  changeSubscriptionMetadata,
  listSubscriptions,
  requireSubscription,
} from '../../../services/billing/subscriptions';
import type { AppDeps } from '../../app-deps';
import { callerTenantSql } from '../../auth/auth-context';
import { pageWindow, toListEnvelope } from '../../lists/pagination';
import { defineRoute, type RouteDefinition } from '../../routing/route-definition';
import { idFromPath, IdParamsSchema, requireCurrency } from '../../schemas/common';
import { presentSubscription, presentSubscriptionDetail } from './presenter';
import {
  CreateSubscriptionBodySchema,
  SubscriptionDetailSchema,
  SubscriptionListQuerySchema,
  SubscriptionListSchema,
  SubscriptionSchema,
  UpdateSubscriptionBodySchema,
  type CreateSubscriptionBody,
} from './schema';
import { subscriptionActionRoutes } from './action-router';
import { subscriptionUsageRoutes } from './usage-router';
import {
  errorResponse,
  SUBSCRIPTION_NOT_FOUND,
  SUBSCRIPTION_READ,
  SUBSCRIPTION_TAGS,
  SUBSCRIPTION_WRITE,
} from './route-access';
import { subscriptionNotFound, temporalUnavailable } from '../../../services/billing/subscriptions';
import { createAndStart } from '../../../services/billing/subscriptions';

function newSubscriptionOf(body: CreateSubscriptionBody, now: Date): NewSubscription {
  return {
    customerId: body.customerId,
    planId: body.planId,
    currency: requireCurrency(body.currency, 'body.currency'),
    externalId: body.externalId ?? null,
    metadata: body.metadata ?? {},
    now,
    ...(body.trialDays === undefined ? {} : { trialDays: body.trialDays }),
    ...(body.startDate === undefined ? {} : { startDate: new Date(body.startDate) }),
    ...(body.couponCode === undefined ? {} : { couponCode: body.couponCode.toUpperCase() }),
  };
}

/** Subscriptions (SPEC §4.5, CONTRACT §7): reads from PostgreSQL, lifecycle changes through the workflow. */
export function subscriptionRoutes(deps: AppDeps): RouteDefinition[] {
  const { orm, logger } = deps;
  const sqlOf = (ctx: Context) => callerTenantSql(ctx, orm);
  return [
    defineRoute({
      method: 'post',
      path: '/subscriptions',
      operationId: 'createSubscription',
      summary: 'Subscribe a customer to a plan; starts the subscription’s workflow',
      description:
        'TRIALING when the trial (the plan’s trialDays unless given) is longer than 0 days, otherwise ACTIVE with ' +
        'the first period. Periods follow the customer’s time zone (else the tenant’s). `startDate` may not be in ' +
        'the future nor so far back that its first period has ended (400 naming it). For a customer on a test ' +
        'clock, "now" is the clock’s time.',
      tags: SUBSCRIPTION_TAGS,
      auth: SUBSCRIPTION_WRITE,
      body: CreateSubscriptionBodySchema,
      responses: {
        201: { description: 'The new subscription', schema: SubscriptionSchema },
        400: errorResponse('`validation_failed`, `start_date_in_future`, `start_date_too_old`'),
        404: errorResponse('`customer_not_found` or `plan_not_found`'),
        409: errorResponse(
          '`subscription_external_id_taken`, or what the stored plan, customer or coupon refuses: ' +
            '`plan_inactive`, `plan_price_not_found`, `currency_mismatch`, `coupon_invalid`; for a customer on a ' +
            'test clock, `test_clock_advancing` (wait until READY) or `test_clock_subscription_limit` (3 per customer)',
        ),
        503: errorResponse('`temporal_unavailable`'),
      },
      handler: async ({ body, ctx }) => {
        if (deps.temporal === undefined) throw temporalUnavailable();
        const request = newSubscriptionOf(body, deps.clock.now());
        return presentSubscription(await createAndStart({ sql: sqlOf(ctx), temporal: deps.temporal, logger }, request));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/subscriptions',
      operationId: 'listSubscriptions',
      summary: 'List subscriptions, newest first; filter by status, planId, customerId',
      tags: SUBSCRIPTION_TAGS,
      auth: SUBSCRIPTION_READ,
      query: SubscriptionListQuerySchema,
      responses: { 200: { description: 'A page of subscriptions', schema: SubscriptionListSchema } },
      handler: async ({ query, ctx }) => {
        const window = pageWindow(query);
        const filter = {
          ...(query.status === undefined ? {} : { status: query.status }),
          ...(query.planId === undefined ? {} : { planId: query.planId }),
          ...(query.customerId === undefined ? {} : { customerId: query.customerId }),
        };
        const { records, total } = await listSubscriptions(sqlOf(ctx), filter, window);
        return toListEnvelope(records.map(presentSubscription), total, window);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/subscriptions/:id',
      operationId: 'getSubscription',
      summary: 'One subscription with its customer and plan',
      tags: SUBSCRIPTION_TAGS,
      auth: SUBSCRIPTION_READ,
      params: IdParamsSchema,
      responses: {
        200: { description: 'The subscription', schema: SubscriptionDetailSchema },
        404: SUBSCRIPTION_NOT_FOUND,
      },
      handler: async ({ params, ctx }) => {
        const sql = sqlOf(ctx);
        const subscription = await requireSubscription(
          sql,
          idFromPath('subscription', params.id, subscriptionNotFound),
        );
        const [customer, plan] = await Promise.all([
          findCustomer(sql, subscription.customerId),
          findPlan(sql, subscription.planId),
        ]);
        // A plan with subscriptions cannot be deleted (deletePlan refuses), so it is always there.
        if (plan === undefined) throw new Error(`plan ${subscription.planId} of ${subscription.id} is missing`);
        return presentSubscriptionDetail(subscription, { customer, plan });
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/subscriptions/:id',
      operationId: 'updateSubscription',
      summary: 'Replace a subscription’s metadata',
      description: 'Status, plan and periods change through the actions (cancel, pause, resume, change-plan).',
      tags: SUBSCRIPTION_TAGS,
      auth: SUBSCRIPTION_WRITE,
      params: IdParamsSchema,
      body: UpdateSubscriptionBodySchema,
      responses: {
        200: { description: 'The updated subscription', schema: SubscriptionSchema },
        404: SUBSCRIPTION_NOT_FOUND,
      },
      handler: async ({ params, body, ctx }) => {
        const id = idFromPath('subscription', params.id, subscriptionNotFound);
        const change = { id, metadata: body.metadata, clock: deps.clock };
        const updated = await changeSubscriptionMetadata(sqlOf(ctx), change);
        if (updated === undefined) throw subscriptionNotFound(params.id);
        return presentSubscription(updated);
      },
    }),
    ...subscriptionActionRoutes(deps),
    ...subscriptionUsageRoutes(deps),
  ];
}
