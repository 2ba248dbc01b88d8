import {
  redeliverWebhookEvent,
  redeliveryError,
  sendTestWebhookEvent,
  webhookEventNotFound,
} from '../../../services/platform/webhooks';
import { findWebhookEvent, listWebhookEvents, type WebhookEventFilters } from '../../../services/platform/webhooks';
import type { AppDeps } from '../../app-deps';
import { callerTenantSql } from '../../auth/auth-context';
import { validationFailed } from '../../../services/platform/errors';
import { ErrorBodySchema } from '../../http/error-body.schema';
import { pageWindow, toListEnvelope } from '../../lists/pagination';
import { defineRoute, Reply, type RouteDefinition } from '../../routing/route-definition';
import { IdParamsSchema } from '../../schemas/common';
import { temporalWebhookDeliveryStarter } from '../../../services/platform/webhooks';
import { presentWebhookEvent } from './presenter';
import { webhookSampleData } from './webhook-samples';
import {
  TestWebhookEventBodySchema,
  WebhookEventListQuerySchema,
  WebhookEventListSchema,
  WebhookEventSchema,
  type WebhookEventListQuery,
} from './schema';

const TAGS = ['Webhook events'];
const DAY_MS = 24 * 60 * 60 * 1000;

/** The tenant's outbound webhook history and redelivery (CONTRACT §8), with the owner's JWT like /tenants/me. */
export function webhookEventRoutes(deps: AppDeps): RouteDefinition[] {
  const { orm, logger } = deps;
  // Without Temporal (some test apps) the redelivery is still recorded; the relay starts it once Temporal is there.
  const start =
    deps.temporal === undefined
      ? () => Promise.reject(new Error('Temporal is not configured'))
      : temporalWebhookDeliveryStarter(deps.temporal);
  return [
    defineRoute({
      method: 'get',
      path: '/tenants/me/webhook-events',
      operationId: 'listWebhookEvents',
      summary: 'List outbound webhook events with their delivery status and attempts, newest first',
      tags: TAGS,
      auth: { kind: 'jwt' },
      query: WebhookEventListQuerySchema,
      responses: { 200: { description: 'A page of events', schema: WebhookEventListSchema } },
      handler: async ({ query, ctx }) => {
        const window = pageWindow(query);
        const filters = filtersOf(query);
        const { records, total } = await listWebhookEvents(callerTenantSql(ctx, orm), { filters, ...window });
        return toListEnvelope(records.map(presentWebhookEvent), total, window);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/tenants/me/webhook-events/:id',
      operationId: 'getWebhookEvent',
      summary: 'One outbound webhook event with every delivery attempt',
      tags: TAGS,
      auth: { kind: 'jwt' },
      params: IdParamsSchema,
      responses: {
        200: { description: 'The event', schema: WebhookEventSchema },
        404: { description: '`webhook_event_not_found`: unknown, or another tenant’s', schema: ErrorBodySchema },
      },
      handler: async ({ params, ctx }) => {
        const event = await findWebhookEvent(callerTenantSql(ctx, orm), params.id);
        if (event === undefined) throw webhookEventNotFound(params.id);
        return presentWebhookEvent(event);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/tenants/me/webhook-events/test',
      operationId: 'sendTestWebhookEvent',
      summary: 'Send a signed sample event to the webhook URL, to test a receiver',
      description:
        'Records a sample of `event` (its `data` is the example this reference shows for that event) and delivers ' +
        'it as every event is delivered: signed with the current signing secret, with the same headers and retries, ' +
        'and listed in the history. Ids in a sample name no real record.',
      tags: TAGS,
      auth: { kind: 'jwt' },
      body: TestWebhookEventBodySchema,
      responses: {
        201: { description: 'The sample event, PENDING until delivered', schema: WebhookEventSchema },
        409: { description: '`webhook_url_not_set`: nowhere to send it', schema: ErrorBodySchema },
      },
      handler: async ({ body, ctx }) => {
        const type = body.event ?? 'invoice.created';
        const event = await sendTestWebhookEvent(callerTenantSql(ctx, orm), {
          type,
          data: webhookSampleData(type),
          now: deps.clock.now(),
        });
        return new Reply(201, presentWebhookEvent(event));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/tenants/me/webhook-events/:id/redeliver',
      operationId: 'redeliverWebhookEvent',
      summary: 'Deliver an event again: a new series of up to five attempts, the first at once',
      description:
        'The event becomes PENDING and its next series starts (workflow `webhook:<tenantId>:<eventId>-<series>`), ' +
        'with the same event id, envelope and payload as before. Also while a series is in progress (PENDING): that ' +
        'series stops at its next attempt without sending, and the new one delivers.',
      tags: TAGS,
      auth: { kind: 'jwt' },
      params: IdParamsSchema,
      responses: {
        200: { description: 'The event, PENDING', schema: WebhookEventSchema },
        404: { description: '`webhook_event_not_found`: unknown, or another tenant’s', schema: ErrorBodySchema },
        409: {
          description: '`webhook_url_not_set`: the tenant has no webhook URL, nowhere to send it',
          schema: ErrorBodySchema,
        },
      },
      handler: async ({ params, ctx }) => {
        const sql = callerTenantSql(ctx, orm);
        const result = await redeliverWebhookEvent({ sql, eventId: params.id, start, now: deps.clock.now() });
        if (!result.ok) throw redeliveryError(result.error, params.id);
        if (result.startError !== undefined) {
          const { tenantId } = sql;
          logger.warn({ err: result.startError, tenantId, eventId: params.id }, 'redelivery start left to the relay');
        }
        return presentWebhookEvent(result.event);
      },
    }),
  ];
}

function filtersOf(query: WebhookEventListQuery): WebhookEventFilters {
  const filters: WebhookEventFilters = {};
  if (query.event !== undefined) filters.event = query.event;
  if (query.status !== undefined) filters.status = query.status;
  if (query.testClockId !== undefined) filters.testClockId = query.testClockId;
  if (query.dateFrom !== undefined) filters.from = instantOf(query.dateFrom, 'query.dateFrom', 0);
  // A date as the upper bound means the whole day.
  if (query.dateTo !== undefined) filters.to = instantOf(query.dateTo, 'query.dateTo', DAY_MS - 1);
  return filters;
}

function instantOf(value: string, path: string, dateOnlyOffsetMs: number): Date {
  const instant = new Date(value.length === 10 ? `${value}T00:00:00.000Z` : value);
  if (Number.isNaN(instant.getTime())) throw validationFailed([{ path, message: 'must be a valid date or timestamp' }]);
  return value.length === 10 ? new Date(instant.getTime() + dateOnlyOffsetMs) : instant;
}
