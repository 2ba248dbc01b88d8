import {
  addPlanPrice,
  changePlanPriceAmount,
  deletePlanPrice,
  planError,
  planValue,
} from '../../../services/catalog/plans';
import type { AppDeps } from '../../app-deps';
import { servicePorts } from '../../service-ports';
import { callerTenantSql } from '../../auth/auth-context';
import { ErrorBodySchema } from '../../http/error-body.schema';
import { defineRoute, type RouteDefinition } from '../../routing/route-definition';
import { IdParamsSchema, requireCurrency } from '../../schemas/common';
import { requireAmount } from '../../schemas/price-input';
import { presentPlanPrice } from './presenter';
import { PlanPriceInputSchema, PlanPriceParamsSchema, PlanPriceSchema, UpdatePlanPriceBodySchema } from './schema';

const TAGS = ['Plans'];
const WRITE = { kind: 'apiKey', scope: 'plans:write' } as const;
const error = (description: string) => ({ description, schema: ErrorBodySchema });
const PRICE_NOT_FOUND = error('`plan_price_not_found`: unknown, another plan’s or another tenant’s');

/** A plan's prices: one per currency, amounts in major units (CONTRACT §5, §7). */
export function planPriceRoutes(deps: AppDeps): RouteDefinition[] {
  const { orm } = deps;
  return [
    defineRoute({
      method: 'post',
      path: '/plans/:id/prices',
      operationId: 'createPlanPrice',
      summary: 'Add a price in a currency the plan has no price in yet',
      tags: TAGS,
      auth: WRITE,
      params: IdParamsSchema,
      body: PlanPriceInputSchema,
      responses: {
        201: { description: 'The price', schema: PlanPriceSchema },
        400: error('`validation_failed`: unknown currency, negative amount or too many decimals'),
        404: error('`plan_not_found`'),
        409: error(
          '`plan_price_currency_taken`, or `plan_usage_only_in_use`: the plan has no price and has subscriptions',
        ),
      },
      handler: async ({ params, body, ctx }) => {
        const currency = requireCurrency(body.currency, 'body.currency');
        const price = requireAmount(body.amount, currency, 'body.amount');
        const subscriptions = servicePorts.planSubscriptions;
        const added = await addPlanPrice(callerTenantSql(ctx, orm), { planId: params.id, price, subscriptions });
        if (!added.ok) {
          const namesPlan = added.error === 'plan_not_found' || added.error === 'plan_usage_only_in_use';
          throw planError(added.error, namesPlan ? params.id : currency);
        }
        return presentPlanPrice(added.value);
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/plans/:id/prices/:priceId',
      operationId: 'updatePlanPrice',
      summary: 'Change a price’s amount',
      tags: TAGS,
      auth: WRITE,
      params: PlanPriceParamsSchema,
      body: UpdatePlanPriceBodySchema,
      responses: {
        200: { description: 'The updated price', schema: PlanPriceSchema },
        400: error('`validation_failed`: negative amount or too many decimals for the price’s currency'),
        404: PRICE_NOT_FOUND,
      },
      handler: async ({ params, body, ctx }) => {
        const change = { planId: params.id, priceId: params.priceId, amount: body.amount };
        return presentPlanPrice(
          planValue(await changePlanPriceAmount(callerTenantSql(ctx, orm), change), params.priceId),
        );
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/plans/:id/prices/:priceId',
      operationId: 'deletePlanPrice',
      summary: 'Delete a price, unless subscriptions of the plan bill in its currency',
      tags: TAGS,
      auth: WRITE,
      params: PlanPriceParamsSchema,
      responses: {
        200: { description: 'The deleted price', schema: PlanPriceSchema },
        404: PRICE_NOT_FOUND,
        409: error('`plan_price_in_use`'),
      },
      handler: async ({ params, ctx }) => {
        const deleted = await deletePlanPrice(
          callerTenantSql(ctx, orm),
          { planId: params.id, priceId: params.priceId },
          servicePorts.planSubscriptions,
        );
        return presentPlanPrice(planValue(deleted, params.priceId));
      },
    }),
  ];
}
