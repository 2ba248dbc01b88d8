import {
  assertValidMetric,
  billableMetricInUse,
  billableMetricNotFound,
  changeBillableMetric,
  deleteBillableMetric,
  findBillableMetric,
  insertBillableMetric,
  listBillableMetrics,
  type BillableMetricRecord,
} from '../../../services/catalog/billable-metrics';
import type { AppDeps } from '../../app-deps';
import { servicePorts } from '../../service-ports';
import { callerTenantSql } from '../../auth/auth-context';
import { ErrorBodySchema } from '../../http/error-body.schema';
import { PaginationQuerySchema, pageWindow, toListEnvelope } from '../../lists/pagination';
import { defineRoute, type RouteDefinition } from '../../routing/route-definition';
import { IdParamsSchema } from '../../schemas/common';
import { presentBillableMetric } from './presenter';
import {
  BillableMetricListSchema,
  BillableMetricSchema,
  CreateBillableMetricBodySchema,
  UpdateBillableMetricBodySchema,
} from './schema';

const TAGS = ['Billable metrics'];
const READ = { kind: 'apiKey', scope: 'metrics:read' } as const;
const WRITE = { kind: 'apiKey', scope: 'metrics:write' } as const;
const NOT_FOUND = { description: '`billable_metric_not_found`: unknown or another tenant’s', schema: ErrorBodySchema };

function found(record: BillableMetricRecord | undefined, id: string): BillableMetricRecord {
  if (record === undefined) throw billableMetricNotFound(id);
  return record;
}

/** Billable metrics (SPEC §4.8): what usage events are aggregated into, priced by charges. */
export function billableMetricRoutes(deps: AppDeps): RouteDefinition[] {
  const { orm } = deps;
  return [
    defineRoute({
      method: 'post',
      path: '/billable-metrics',
      operationId: 'createBillableMetric',
      summary: 'Create a billable metric',
      description:
        'Every aggregation but COUNT needs `fieldName`; only SUM, UNIQUE_COUNT and WEIGHTED_SUM can be `recurring`; ' +
        'filter keys differ from each other. A break of these rules is a 400 naming the field.',
      tags: TAGS,
      auth: WRITE,
      body: CreateBillableMetricBodySchema,
      responses: {
        201: { description: 'The metric', schema: BillableMetricSchema },
        409: { description: '`billable_metric_code_taken`', schema: ErrorBodySchema },
      },
      handler: async ({ body, ctx }) => {
        const metric = {
          name: body.name,
          code: body.code,
          description: body.description ?? null,
          aggregationType: body.aggregationType,
          fieldName: body.fieldName ?? null,
          recurring: body.recurring ?? false,
          filters: body.filters ?? [],
        };
        assertValidMetric(metric);
        return presentBillableMetric(await insertBillableMetric(callerTenantSql(ctx, orm), metric));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/billable-metrics',
      operationId: 'listBillableMetrics',
      summary: 'List billable metrics, newest first',
      tags: TAGS,
      auth: READ,
      query: PaginationQuerySchema,
      responses: { 200: { description: 'A page of metrics', schema: BillableMetricListSchema } },
      handler: async ({ query, ctx }) => {
        const window = pageWindow(query);
        const { records, total } = await listBillableMetrics(callerTenantSql(ctx, orm), window);
        return toListEnvelope(records.map(presentBillableMetric), total, window);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/billable-metrics/:id',
      operationId: 'getBillableMetric',
      summary: 'Get a billable metric',
      tags: TAGS,
      auth: READ,
      params: IdParamsSchema,
      responses: { 200: { description: 'The metric', schema: BillableMetricSchema }, 404: NOT_FOUND },
      handler: async ({ params, ctx }) =>
        presentBillableMetric(found(await findBillableMetric(callerTenantSql(ctx, orm), params.id), params.id)),
    }),
    defineRoute({
      method: 'patch',
      path: '/billable-metrics/:id',
      operationId: 'updateBillableMetric',
      summary: 'Update a billable metric; code and aggregation type are immutable',
      description:
        'The rules of creation (fieldName, recurring, unique filter keys) apply to the resulting metric. A metric a ' +
        'PERCENTAGE charge prices cannot become `recurring` (PERCENTAGE prices a non-recurring SUM only): 409 ' +
        '`billable_metric_in_use` naming `body.recurring`.',
      tags: TAGS,
      auth: WRITE,
      params: IdParamsSchema,
      body: UpdateBillableMetricBodySchema,
      responses: {
        200: { description: 'The updated metric', schema: BillableMetricSchema },
        404: NOT_FOUND,
        409: {
          description:
            '`billable_metric_in_use`: a charge prices a filter value removed, or a PERCENTAGE charge prices the ' +
            'metric made `recurring` (`body.recurring`)',
          schema: ErrorBodySchema,
        },
      },
      handler: async ({ params, body, ctx }) => {
        const request = { id: params.id, patch: body, charges: servicePorts.metricCharges };
        return presentBillableMetric(await changeBillableMetric(callerTenantSql(ctx, orm), request));
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/billable-metrics/:id',
      operationId: 'deleteBillableMetric',
      summary: 'Delete a billable metric no charge uses',
      tags: TAGS,
      auth: WRITE,
      params: IdParamsSchema,
      responses: {
        200: { description: 'The deleted metric', schema: BillableMetricSchema },
        404: NOT_FOUND,
        409: { description: '`billable_metric_in_use`: a charge prices it', schema: ErrorBodySchema },
      },
      handler: async ({ params, ctx }) => {
        const deleted = await deleteBillableMetric(callerTenantSql(ctx, orm), params.id);
        if (deleted === 'in_use') throw billableMetricInUse(params.id);
        return presentBillableMetric(found(deleted, params.id));
      },
    }),
  ];
}
