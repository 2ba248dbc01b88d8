import {
  createMetricCatalog,
  eventNotFound,
  findEvent,
  listEventsOfSubscription,
  recordUsageEvent,
  recordUsageEventBatch,
  type CustomerTimes,
  type SubscriptionEventFilters,
} from '../../../services/metering/ingestion';
import { customersTestClocks } from '../../../services/catalog/customers';
import type { TenantSql } from '../../../infra/db/tenant-sql';
import { walletUsageNotifier } from '../../../services/billing/wallets';
import type { AppDeps } from '../../app-deps';
import { servicePorts } from '../../service-ports';
import { callerTenantSql } from '../../auth/auth-context';
import { ErrorBodySchema } from '../../http/error-body.schema';
import { pageWindow, toListEnvelope } from '../../lists/pagination';
import { defineRoute, Reply, type RouteDefinition } from '../../routing/route-definition';
import { IdParamsSchema } from '../../schemas/common';
import { presentBatch, presentEvent } from './presenter';
import {
  CreateUsageEventBatchBodySchema,
  CreateUsageEventBodySchema,
  SubscriptionEventsParamsSchema,
  SubscriptionEventsQuerySchema,
  UsageEventBatchResultSchema,
  UsageEventListSchema,
  UsageEventSchema,
  type SubscriptionEventsQuery,
} from './schema';

const TAGS = ['Usage events'];
const READ = { kind: 'apiKey', scope: 'events:read' } as const;
const WRITE = { kind: 'apiKey', scope: 'events:write' } as const;
const DAY_MS = 24 * 60 * 60 * 1000;

const TRANSACTION_ID_TAKEN = {
  description: '`event_transaction_id_taken` (a transactionId stored with another payload) or `event_period_closed`',
  schema: ErrorBodySchema,
};
const SUBSCRIPTION_REFERENCE =
  'An event names its subscription by `subscriptionId` or by `externalSubscriptionId` (the `externalId` you gave ' +
  'the subscription), exactly one of the two: both or neither is 400 naming the field.';
const RULES =
  'Refused with 400 naming the field: an unknown metric `code`; for SUM, MAX, LATEST and WEIGHTED_SUM a ' +
  '`properties[fieldName]` missing or not a finite number or numeric string (15 significant digits at most); for ' +
  'UNIQUE_COUNT a missing `properties[fieldName]`; `operation_type` (add | remove) on another metric; a metric ' +
  'filter key whose value is not one of its values; a timestamp more than 5 minutes ahead, before the subscription ' +
  'started or after it ended. A timestamp while the subscription is PAUSED is 400 `subscription_paused`; one in a ' +
  'period whose usage is on a finalized or voided invoice is 409 `event_period_closed`. A repeated `transactionId` ' +
  'with the same subscriptionId, code, properties (and timestamp, when sent) is a duplicate that adds nothing; with ' +
  'another payload it is 409 `event_transaction_id_taken`.';

/** The time of the customers on a test clock: their clock's, which their events default to and are judged by. */
function customerTimesOf(sql: TenantSql): CustomerTimes {
  return async (customerIds, transaction) => {
    const clocks = await customersTestClocks(sql, customerIds, transaction);
    return new Map([...clocks].map(([customerId, clock]) => [customerId, clock.frozenTime]));
  };
}

/** Usage events (CONTRACT §10): ingestion, one by one or in batches, and reads. */
export function eventRoutes(deps: AppDeps): RouteDefinition[] {
  const { orm, clock } = deps;
  // One per app: metric definitions by tenant, checked against the database's version at every request.
  const catalog = createMetricCatalog();
  const subscriptions = servicePorts.subscriptionUsage;
  // Each request that stores usage sends one NOTIFY on commit; the worker checks the customers' wallets (alerts,
  // THRESHOLD top-ups) within moments, off the request path.
  const ports = { subscriptions, usageRecorded: walletUsageNotifier() };
  return [
    defineRoute({
      method: 'post',
      path: '/events',
      operationId: 'createUsageEvent',
      summary: 'Record a usage event',
      description: `${SUBSCRIPTION_REFERENCE} ${RULES} An unknown or another tenant's subscription (by either id) is 404.`,
      tags: TAGS,
      auth: WRITE,
      body: CreateUsageEventBodySchema,
      responses: {
        201: { description: 'The stored event', schema: UsageEventSchema },
        200: { description: 'An identical replay: the event stored before', schema: UsageEventSchema },
        404: {
          description: '`subscription_not_found`: no subscription of yours has that id or externalId',
          schema: ErrorBodySchema,
        },
        409: TRANSACTION_ID_TAKEN,
      },
      handler: async ({ body, ctx }) => {
        const sql = callerTenantSql(ctx, orm);
        const { record, duplicate } = await recordUsageEvent(sql, {
          event: body,
          catalog,
          ...ports,
          now: clock.now(),
          customerTimes: customerTimesOf(sql),
        });
        return new Reply(duplicate ? 200 : 201, presentEvent(record));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/events/batch',
      operationId: 'createUsageEventBatch',
      summary: 'Record up to 1,000 usage events at once, all or none',
      description:
        `Each event follows the rules of POST /events; any refused event refuses the whole batch, naming it ` +
        '(`body.events.<i>.<field>`), and nothing is stored. A transactionId repeated inside the batch and an ' +
        'unknown subscription (by either id) are 400; a conflicting replay is 409 naming its index. A batch that ' +
        `creates nothing (all duplicates) is 200. ${SUBSCRIPTION_REFERENCE} External ids of the whole batch are ` +
        `resolved at once. ${RULES}`,
      tags: TAGS,
      auth: WRITE,
      body: CreateUsageEventBatchBodySchema,
      responses: {
        201: { description: 'Stored; one entry per event in input order', schema: UsageEventBatchResultSchema },
        200: { description: 'Every event was an identical replay', schema: UsageEventBatchResultSchema },
        409: TRANSACTION_ID_TAKEN,
      },
      handler: async ({ body, ctx }) => {
        const sql = callerTenantSql(ctx, orm);
        const batch = await recordUsageEventBatch(sql, {
          events: body.events,
          catalog,
          ...ports,
          now: clock.now(),
          customerTimes: customerTimesOf(sql),
        });
        return new Reply(batch.created > 0 ? 201 : 200, presentBatch(batch));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/events/subscription/:subscriptionId',
      operationId: 'listSubscriptionUsageEvents',
      summary: "List a subscription's usage events, newest timestamp first",
      tags: TAGS,
      auth: READ,
      params: SubscriptionEventsParamsSchema,
      query: SubscriptionEventsQuerySchema,
      responses: {
        200: { description: 'A page of events', schema: UsageEventListSchema },
        404: { description: "`subscription_not_found`: unknown or another tenant's", schema: ErrorBodySchema },
      },
      handler: async ({ params, query, ctx }) => {
        const window = pageWindow(query);
        const { records, total } = await listEventsOfSubscription(callerTenantSql(ctx, orm), {
          subscriptionId: params.subscriptionId,
          filters: filtersOf(query),
          subscriptions,
          ...window,
        });
        return toListEnvelope(records.map(presentEvent), total, window);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/events/:id',
      operationId: 'getUsageEvent',
      summary: 'Get a usage event',
      tags: TAGS,
      auth: READ,
      params: IdParamsSchema,
      responses: {
        200: { description: 'The event', schema: UsageEventSchema },
        404: { description: "`event_not_found`: unknown or another tenant's", schema: ErrorBodySchema },
      },
      handler: async ({ params, ctx }) => {
        const record = await findEvent(callerTenantSql(ctx, orm), params.id);
        if (record === undefined) throw eventNotFound(params.id);
        return presentEvent(record);
      },
    }),
  ];
}

function filtersOf(query: SubscriptionEventsQuery): SubscriptionEventFilters {
  const filters: SubscriptionEventFilters = {};
  if (query.code !== undefined) filters.code = query.code;
  if (query.from !== undefined) filters.from = instantOf(query.from, 0);
  // A date as the upper bound means the whole day.
  if (query.to !== undefined) filters.to = instantOf(query.to, DAY_MS - 1);
  return filters;
}

/** The query's format checked a real date or timestamp; a date alone is its midnight UTC, plus the offset given. */
function instantOf(value: string, dateOnlyOffsetMs: number): Date {
  if (value.length !== 10) return new Date(value);
  return new Date(Date.parse(`${value}T00:00:00.000Z`) + dateOnlyOffsetMs);
}
