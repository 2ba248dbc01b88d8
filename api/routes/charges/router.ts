import {
  changeCharge,
  chargeNotFound,
  createCharge,
  deleteCharge,
  findCharge,
  listCharges,
} from '../../../services/catalog/charges';
import { planError, planExists } from '../../../services/catalog/plans';
import type { AppDeps } from '../../app-deps';
import { callerTenantSql } from '../../auth/auth-context';
import { ErrorBodySchema } from '../../http/error-body.schema';
import { PaginationQuerySchema, pageWindow, toListEnvelope } from '../../lists/pagination';
import { defineRoute, type RouteDefinition } from '../../routing/route-definition';
import { IdParamsSchema } from '../../schemas/common';
import { presentCharge } from './presenter';
import {
  ChargeListQuerySchema,
  ChargeListSchema,
  ChargeSchema,
  CreateChargeBodySchema,
  PlanParamsSchema,
  UpdateChargeBodySchema,
} from './schema';

const TAGS = ['Charges'];
const READ = { kind: 'apiKey', scope: 'plans:read' } as const;
const WRITE = { kind: 'apiKey', scope: 'plans:write' } as const;
const NOT_FOUND = { description: '`charge_not_found`: unknown or another tenant’s', schema: ErrorBodySchema };

/** Usage charges of plans, one per (plan, metric), by charge model (SPEC §4.8). Charges belong to `plans:*`. */
export function chargeRoutes(deps: AppDeps): RouteDefinition[] {
  const { orm } = deps;
  return [
    defineRoute({
      method: 'post',
      path: '/charges',
      operationId: 'createCharge',
      summary: 'Create a usage charge on a plan',
      description:
        'Amounts are exact decimals in major units (unit prices up to 12 decimals), priced in each currency of the ' +
        'plan. Graduated and volume ranges run from 0, each starting where the previous ended, the last open ' +
        '(toValue null or omitted). A break of these rules is a 400 naming the range. Usage is billed in arrears ' +
        'only: `billingTiming: IN_ADVANCE` is a 400 `charge_timing_unsupported`. PERCENTAGE takes a percentage of ' +
        'each event’s amount (the metric’s `fieldName`), so it prices only a non-recurring SUM metric: on any other ' +
        'metric it is a 409 `charge_model_unsupported` naming `body.chargeModel` and the metric’s aggregation.',
      tags: TAGS,
      auth: WRITE,
      body: CreateChargeBodySchema,
      responses: {
        400: {
          description: '`validation_failed` naming the field, or `charge_timing_unsupported` (`body.billingTiming`)',
          schema: ErrorBodySchema,
        },
        201: { description: 'The charge', schema: ChargeSchema },
        404: { description: '`plan_not_found` or `billable_metric_not_found`', schema: ErrorBodySchema },
        409: {
          description:
            '`charge_exists`: the plan already prices this metric; or `charge_model_unsupported` ' +
            '(`body.chargeModel`): PERCENTAGE on a metric that is not a non-recurring SUM',
          schema: ErrorBodySchema,
        },
      },
      handler: async ({ body, ctx }) => presentCharge(await createCharge(callerTenantSql(ctx, orm), body)),
    }),
    defineRoute({
      method: 'get',
      path: '/charges',
      operationId: 'listCharges',
      summary: 'List charges, newest first, optionally of one plan',
      tags: TAGS,
      auth: READ,
      query: ChargeListQuerySchema,
      responses: { 200: { description: 'A page of charges', schema: ChargeListSchema } },
      handler: async ({ query, ctx }) => {
        const window = pageWindow(query);
        const filter = query.planId === undefined ? {} : { planId: query.planId };
        const { records, total } = await listCharges(callerTenantSql(ctx, orm), { ...window, ...filter });
        return toListEnvelope(records.map(presentCharge), total, window);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/charges/plan/:planId',
      operationId: 'listPlanCharges',
      summary: 'List the charges of a plan, newest first',
      tags: TAGS,
      auth: READ,
      params: PlanParamsSchema,
      query: PaginationQuerySchema,
      responses: {
        200: { description: 'A page of the plan’s charges', schema: ChargeListSchema },
        404: { description: '`plan_not_found`: unknown or another tenant’s', schema: ErrorBodySchema },
      },
      handler: async ({ params, query, ctx }) => {
        const sql = callerTenantSql(ctx, orm);
        if (!(await planExists(sql, params.planId))) throw planError('plan_not_found', params.planId);
        const window = pageWindow(query);
        const { records, total } = await listCharges(sql, { ...window, planId: params.planId });
        return toListEnvelope(records.map(presentCharge), total, window);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/charges/:id',
      operationId: 'getCharge',
      summary: 'Get a charge',
      tags: TAGS,
      auth: READ,
      params: IdParamsSchema,
      responses: { 200: { description: 'The charge', schema: ChargeSchema }, 404: NOT_FOUND },
      handler: async ({ params, ctx }) => {
        const charge = await findCharge(callerTenantSql(ctx, orm), params.id);
        if (charge === undefined) throw chargeNotFound(params.id);
        return presentCharge(charge);
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/charges/:id',
      operationId: 'updateCharge',
      summary: 'Update a charge’s settings or re-price it; plan and metric are immutable',
      description:
        'Graduated and volume ranges run from 0, each starting where the previous ended, the last open (toValue ' +
        'null or omitted). Amounts carry at most their decimals (unit prices up to 12). A break of these rules is a ' +
        '400 naming the range. Usage is billed in arrears only: `billingTiming: IN_ADVANCE` is a 400 ' +
        '`charge_timing_unsupported`. Re-pricing with `chargeModel: PERCENTAGE` needs a non-recurring SUM metric, ' +
        'else 409 `charge_model_unsupported` naming `body.chargeModel` and the metric’s aggregation; a PATCH of ' +
        'settings alone leaves the model as stored.',
      tags: TAGS,
      auth: WRITE,
      params: IdParamsSchema,
      body: UpdateChargeBodySchema,
      responses: {
        200: { description: 'The updated charge', schema: ChargeSchema },
        400: {
          description: '`validation_failed` naming the field, or `charge_timing_unsupported` (`body.billingTiming`)',
          schema: ErrorBodySchema,
        },
        404: NOT_FOUND,
        409: {
          description:
            '`charge_model_unsupported` (`body.chargeModel`): PERCENTAGE on a metric that is not a non-recurring SUM',
          schema: ErrorBodySchema,
        },
      },
      handler: async ({ params, body, ctx }) =>
        presentCharge(await changeCharge(callerTenantSql(ctx, orm), params.id, body)),
    }),
    defineRoute({
      method: 'delete',
      path: '/charges/:id',
      operationId: 'deleteCharge',
      summary: 'Delete a charge',
      tags: TAGS,
      auth: WRITE,
      params: IdParamsSchema,
      responses: { 200: { description: 'The deleted charge', schema: ChargeSchema }, 404: NOT_FOUND },
      handler: async ({ params, ctx }) => {
        const deleted = await deleteCharge(callerTenantSql(ctx, orm), params.id);
        if (deleted === undefined) throw chargeNotFound(params.id);
        return presentCharge(deleted);
      },
    }),
  ];
}
