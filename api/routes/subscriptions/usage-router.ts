import { subscriptionNotFound } from '../../../services/billing/subscriptions';
import { readOpenPeriodUsage } from '../../../services/billing/usage-pricing';
import type { AppDeps } from '../../app-deps';
import { callerTenantSql } from '../../auth/auth-context';
import { defineRoute, type RouteDefinition } from '../../routing/route-definition';
import { idFromPath, IdParamsSchema } from '../../schemas/common';
import { errorResponse, SUBSCRIPTION_NOT_FOUND, SUBSCRIPTION_READ, SUBSCRIPTION_TAGS } from './route-access';
import { presentSubscriptionUsage } from './usage-presenter';
import { SubscriptionUsageSchema } from './usage-schema';

/** CONTRACT §10: the open period's usage so far, priced as its closing invoice will price it. */
export function subscriptionUsageRoutes(deps: AppDeps): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/subscriptions/:id/usage',
      operationId: 'getSubscriptionUsage',
      summary: 'The open period’s usage so far, per charge and charge filter',
      description:
        'The current period (the trial while TRIALING) from its start, or from the last plan change effective now ' +
        'within it, priced on the current plan’s charges exactly as the invoice that closes it will be (filters, ' +
        'minAmount true-up included). PAUSED and CANCELED subscriptions have no open period: 409 `no_open_period`.',
      tags: SUBSCRIPTION_TAGS,
      auth: SUBSCRIPTION_READ,
      params: IdParamsSchema,
      responses: {
        200: { description: 'The usage so far', schema: SubscriptionUsageSchema },
        404: SUBSCRIPTION_NOT_FOUND,
        409: errorResponse('`no_open_period`: the subscription is PAUSED or CANCELED'),
      },
      handler: async ({ params, ctx }) => {
        const id = idFromPath('subscription', params.id, subscriptionNotFound);
        return presentSubscriptionUsage(await readOpenPeriodUsage(callerTenantSql(ctx, deps.orm), id));
      },
    }),
  ];
}
