import {
  createPlan,
  deletePlan,
  findPlan,
  listPlans,
  planError,
  planValue,
  updatePlan,
} from '../../../services/catalog/plans';
import type { AppDeps } from '../../app-deps';
import { servicePorts } from '../../service-ports';
import { callerTenantSql } from '../../auth/auth-context';
import { ErrorBodySchema } from '../../http/error-body.schema';
import { pageWindow, toListEnvelope } from '../../lists/pagination';
import { defineRoute, type RouteDefinition } from '../../routing/route-definition';
import { IdParamsSchema } from '../../schemas/common';
import { toNewPlan, toPlanChange } from './plan-input';
import { planPriceRoutes } from './price-router';
import { presentPlan } from './presenter';
import { CreatePlanBodySchema, PlanListQuerySchema, PlanListSchema, PlanSchema, UpdatePlanBodySchema } from './schema';

export const PLAN_TAGS = ['Plans'];
const READ = { kind: 'apiKey', scope: 'plans:read' } as const;
const WRITE = { kind: 'apiKey', scope: 'plans:write' } as const;
const error = (description: string) => ({ description, schema: ErrorBodySchema });
const NOT_FOUND = error('`plan_not_found`: unknown, or another tenant’s');

/** Plans and their per-currency prices (SPEC §4.4, CONTRACT §7). */
export function planRoutes(deps: AppDeps): RouteDefinition[] {
  const { orm } = deps;
  return [
    defineRoute({
      method: 'post',
      path: '/plans',
      operationId: 'createPlan',
      summary: 'Create a plan, optionally with its prices (one per currency)',
      tags: PLAN_TAGS,
      auth: WRITE,
      body: CreatePlanBodySchema,
      responses: {
        201: { description: 'The plan', schema: PlanSchema },
        400: error('`validation_failed`: also an amount with too many decimals for its currency'),
        409: error('`plan_code_taken`, or `plan_price_currency_taken` for a currency given twice'),
      },
      handler: async ({ body, ctx }) => {
        const created = await createPlan(callerTenantSql(ctx, orm), toNewPlan(body));
        return presentPlan(planValue(created, body.code));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/plans',
      operationId: 'listPlans',
      summary: 'List plans, newest first',
      tags: PLAN_TAGS,
      auth: READ,
      query: PlanListQuerySchema,
      responses: { 200: { description: 'A page of plans', schema: PlanListSchema } },
      handler: async ({ query, ctx }) => {
        const window = pageWindow(query);
        const filter = query.isActive === undefined ? {} : { isActive: query.isActive };
        const { records, total } = await listPlans(callerTenantSql(ctx, orm), { ...window, ...filter });
        return toListEnvelope(records.map(presentPlan), total, window);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/plans/:id',
      operationId: 'getPlan',
      summary: 'One plan with its prices',
      tags: PLAN_TAGS,
      auth: READ,
      params: IdParamsSchema,
      responses: { 200: { description: 'The plan', schema: PlanSchema }, 404: NOT_FOUND },
      handler: async ({ params, ctx }) => {
        const plan = await findPlan(callerTenantSql(ctx, orm), params.id);
        if (plan === undefined) throw planError('plan_not_found', params.id);
        return presentPlan(plan);
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/plans/:id',
      operationId: 'updatePlan',
      summary: 'Update a plan; code and billingInterval are immutable',
      description: 'Prices change through /plans/{id}/prices.',
      tags: PLAN_TAGS,
      auth: WRITE,
      params: IdParamsSchema,
      body: UpdatePlanBodySchema,
      responses: {
        200: { description: 'The updated plan', schema: PlanSchema },
        400: error('`validation_failed`, e.g. `body.code is immutable once the plan exists`'),
        404: NOT_FOUND,
      },
      handler: async ({ params, body, ctx }) => {
        const plan = await updatePlan(callerTenantSql(ctx, orm), params.id, toPlanChange(body));
        if (plan === undefined) throw planError('plan_not_found', params.id);
        return presentPlan(plan);
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/plans/:id',
      operationId: 'deletePlan',
      summary: 'Delete a plan and its prices, unless a subscription is on it',
      description: 'A hard delete. A plan with subscriptions is refused; set `isActive: false` to retire it.',
      tags: PLAN_TAGS,
      auth: WRITE,
      params: IdParamsSchema,
      responses: {
        200: { description: 'The deleted plan', schema: PlanSchema },
        404: NOT_FOUND,
        409: error('`plan_has_subscriptions`'),
      },
      handler: async ({ params, ctx }) => {
        const deleted = await deletePlan(callerTenantSql(ctx, orm), params.id, servicePorts.planSubscriptions);
        return presentPlan(planValue(deleted, params.id));
      },
    }),
    ...planPriceRoutes(deps),
  ];
}
