import {
  advanceTestClock,
  createTestClock,
  listTestClocks,
  requireTestClock,
  temporalTestClockAdvancer,
  type TestClockAdvancer,
} from '../../../services/catalog/test-clocks';
import { temporalUnavailable } from '../../../services/billing/subscriptions';
import {
  deleteTestClock,
  temporalWorkflowStopper,
  type WorkflowStopper,
} from '../../../services/test-clocks/clock-deletion';
import type { AppDeps } from '../../app-deps';
import { callerTenantSql } from '../../auth/auth-context';
import { ErrorBodySchema } from '../../http/error-body.schema';
import { PaginationQuerySchema, pageWindow, toListEnvelope } from '../../lists/pagination';
import { defineRoute, type RouteDefinition } from '../../routing/route-definition';
import { IdParamsSchema } from '../../schemas/common';
import { presentTestClock } from './presenter';
import { AdvanceTestClockBodySchema, CreateTestClockBodySchema, TestClockListSchema, TestClockSchema } from './schema';

const TAGS = ['Test clocks'];
const READ = { kind: 'apiKey', scope: 'test_clocks:read' } as const;
const WRITE = { kind: 'apiKey', scope: 'test_clocks:write' } as const;
const NOT_FOUND = { description: '`test_clock_not_found`: unknown or another tenant’s', schema: ErrorBodySchema };

/** The app's advancer: the injected one (tests), else Temporal's; none without Temporal (503 when needed). */
export function testClockAdvancerOf(deps: Pick<AppDeps, 'temporal'>): TestClockAdvancer {
  const { temporal } = deps;
  if (temporal === undefined) {
    const refuse = () => Promise.reject(temporalUnavailable());
    return { advance: refuse, deleted: refuse };
  }
  return temporal.testClockAdvancer ?? temporalTestClockAdvancer(temporal);
}

/** The app's stopper of a deleted clock's customers' workflows: the injected one (tests), else Temporal's. */
function workflowStopperOf(deps: Pick<AppDeps, 'temporal'>): WorkflowStopper {
  const { temporal } = deps;
  if (temporal === undefined) return { terminate: () => Promise.reject(temporalUnavailable()) };
  return temporal.workflowStopper ?? temporalWorkflowStopper(temporal);
}

/** Test clocks: simulated time for a tester's customers. */
export function testClockRoutes(deps: AppDeps): RouteDefinition[] {
  const { orm } = deps;
  const advancer = testClockAdvancerOf(deps);
  const stopper = workflowStopperOf(deps);
  return [
    defineRoute({
      method: 'post',
      path: '/test-clocks',
      operationId: 'createTestClock',
      summary: 'Create a test clock, READY at `frozenTime`',
      description: 'Customers created with its `testClockId` live on its time instead of the wall clock.',
      tags: TAGS,
      auth: WRITE,
      body: CreateTestClockBodySchema,
      responses: { 201: { description: 'The clock', schema: TestClockSchema } },
      handler: async ({ body, ctx }) => {
        const clock = { name: body.name ?? null, frozenTime: new Date(body.frozenTime) };
        return presentTestClock(await createTestClock(callerTenantSql(ctx, orm), clock));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/test-clocks',
      operationId: 'listTestClocks',
      summary: 'List test clocks, newest first',
      tags: TAGS,
      auth: READ,
      query: PaginationQuerySchema,
      responses: { 200: { description: 'A page of clocks', schema: TestClockListSchema } },
      handler: async ({ query, ctx }) => {
        const window = pageWindow(query);
        const { records, total } = await listTestClocks(callerTenantSql(ctx, orm), window);
        return toListEnvelope(records.map(presentTestClock), total, window);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/test-clocks/:id',
      operationId: 'getTestClock',
      summary: 'Get a test clock',
      tags: TAGS,
      auth: READ,
      params: IdParamsSchema,
      responses: { 200: { description: 'The clock', schema: TestClockSchema }, 404: NOT_FOUND },
      handler: async ({ params, ctx }) =>
        presentTestClock(await requireTestClock(callerTenantSql(ctx, orm), params.id)),
    }),
    defineRoute({
      method: 'delete',
      path: '/test-clocks/:id',
      operationId: 'deleteTestClock',
      summary: 'Delete a test clock with its customers and everything of theirs',
      description:
        'In one transaction: the clock’s customers and their subscriptions, invoices, credit notes, payments, ' +
        'refunds, wallets, usage events and credit, then the clock and its numbering sequences. Their workflows are ' +
        'stopped. Outbound webhook events already recorded stay. Allowed while the clock is ADVANCING.',
      tags: TAGS,
      auth: WRITE,
      params: IdParamsSchema,
      responses: { 200: { description: 'The deleted clock', schema: TestClockSchema }, 404: NOT_FOUND },
      handler: async ({ params, ctx }) => {
        const sql = callerTenantSql(ctx, orm);
        return presentTestClock(await deleteTestClock({ sql, advancer, stopper, logger: deps.logger }, params.id));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/test-clocks/:id/advance',
      operationId: 'advanceTestClock',
      summary: 'Advance a test clock to `frozenTime`',
      description:
        'The clock’s time becomes `frozenTime` at once and the clock is ADVANCING until every workflow of its ' +
        'customers has done what is due up to that time, in time order (renewals, trials, cancellations, dunning, ' +
        'wallet expiry); then it is READY and `test_clock.ready` is sent. Poll `GET /test-clocks/{id}` until READY. ' +
        'Forward only, at most two years in one advance. Any advance while ADVANCING is refused, the same one ' +
        'again included; retry a lost answer with the same `Idempotency-Key`.',
      tags: TAGS,
      auth: WRITE,
      params: IdParamsSchema,
      body: AdvanceTestClockBodySchema,
      responses: {
        200: { description: 'The clock, ADVANCING', schema: TestClockSchema },
        400: {
          description:
            '`test_clock_not_forward` (not after the clock’s time) or `test_clock_advance_too_far` (more than two ' +
            'years), naming `body.frozenTime`; or `validation_failed`',
          schema: ErrorBodySchema,
        },
        404: NOT_FOUND,
        409: {
          description: '`test_clock_advancing`: an advance is still running (this one or another)',
          schema: ErrorBodySchema,
        },
      },
      handler: async ({ params, body, ctx }) => {
        const request = { clockId: params.id, frozenTime: new Date(body.frozenTime) };
        return presentTestClock(await advanceTestClock(callerTenantSql(ctx, orm), advancer, request));
      },
    }),
  ];
}
