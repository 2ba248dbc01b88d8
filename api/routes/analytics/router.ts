import { analyticsRange, MAX_RANGE_DAYS } from '../../../domain/analytics';
import {
  churnCohortReport,
  customerReport,
  ltvReport,
  mrrBreakdownReport,
  netRevenueReport,
  paymentReport,
  revenueReport,
  subscriptionReport,
  type AnalyticsQuery,
} from '../../../services/analytics/reports';
import { validationFailed } from '../../../services/platform/errors';
import type { AppDeps } from '../../app-deps';
import { callerTenantSql } from '../../auth/auth-context';
import { ErrorBodySchema } from '../../http/error-body.schema';
import { defineRoute, type RouteDefinition } from '../../routing/route-definition';
import {
  presentChurnCohorts,
  presentLtv,
  presentMrrBreakdown,
  presentNetRevenue,
  presentPayments,
  presentRevenue,
} from './presenter';
import {
  AnalyticsQuerySchema,
  ChurnCohortQuerySchema,
  ChurnCohortsSchema,
  CustomerAnalyticsSchema,
  LtvSchema,
  MrrBreakdownSchema,
  NetRevenueSchema,
  PaymentAnalyticsSchema,
  RevenueAnalyticsSchema,
  SubscriptionAnalyticsSchema,
  type AnalyticsQueryJson,
} from './schema';

const TAGS = ['Analytics'];
const AUTH = { kind: 'apiKey', scope: 'analytics:read' } as const;
const BAD_RANGE = {
  description:
    '`validation_failed` naming the parameter: a malformed date, dateFrom after dateTo, or dateFrom more than ' +
    `${MAX_RANGE_DAYS} days before dateTo`,
  schema: ErrorBodySchema,
};

/** What JSON Schema cannot say of the two dates (they relate to each other, and dateTo defaults to today). */
const RANGE_RULE =
  `dateFrom must not be after dateTo, nor more than ${MAX_RANGE_DAYS} days (ten years) before it; ` +
  'either refused with 400 naming dateFrom.';

/** The range and currency of a query; `dateFrom` after `dateTo` is a 400 naming it. */
function analyticsQueryOf(query: AnalyticsQueryJson, today: Date): AnalyticsQuery {
  const range = analyticsRange({ ...query, today });
  if (!range.ok) throw validationFailed([{ path: `query.${range.field}`, message: range.message }]);
  // The schema takes a known code in any case; figures are stored upper case.
  const currency = query.currency?.toUpperCase();
  return { range: range.value, ...(currency === undefined ? {} : { currency }) };
}

interface ReportRoute {
  path: string;
  operationId: string;
  summary: string;
  schema: typeof RevenueAnalyticsSchema;
  report: (sql: ReturnType<typeof callerTenantSql>, query: AnalyticsQuery) => Promise<unknown>;
}

/** Revenue, subscription, customer and payment analytics (SPEC §2.16) and the movements beyond them; docs/analytics.md. */
export function analyticsRoutes(deps: AppDeps): RouteDefinition[] {
  const { orm, clock } = deps;
  const reports: ReportRoute[] = [
    {
      path: '/analytics/revenue',
      operationId: 'getRevenueAnalytics',
      summary: 'Revenue and MRR per currency',
      schema: RevenueAnalyticsSchema,
      report: async (sql, q) => presentRevenue(await revenueReport(sql, q)),
    },
    {
      path: '/analytics/subscriptions',
      operationId: 'getSubscriptionAnalytics',
      summary: 'Subscriptions by status, new, canceled, churn rate',
      schema: SubscriptionAnalyticsSchema,
      report: subscriptionReport,
    },
    {
      path: '/analytics/customers',
      operationId: 'getCustomerAnalytics',
      summary: 'Customers: total, new, churned',
      schema: CustomerAnalyticsSchema,
      report: customerReport,
    },
    {
      path: '/analytics/payments',
      operationId: 'getPaymentAnalytics',
      summary: 'Payment success rate and volume per currency',
      schema: PaymentAnalyticsSchema,
      report: async (sql, q) => presentPayments(await paymentReport(sql, q)),
    },
    {
      path: '/analytics/mrr-breakdown',
      operationId: 'getMrrBreakdown',
      summary: 'MRR movements: new, expansion, contraction, churned, net new, by plan',
      schema: MrrBreakdownSchema,
      report: async (sql, q) => presentMrrBreakdown(await mrrBreakdownReport(sql, q)),
    },
    {
      path: '/analytics/net-revenue',
      operationId: 'getNetRevenue',
      summary: 'Gross invoiced, refunds, credit notes, net',
      schema: NetRevenueSchema,
      report: async (sql, q) => presentNetRevenue(await netRevenueReport(sql, q)),
    },
    {
      path: '/analytics/ltv',
      operationId: 'getLifetimeValue',
      summary: 'Average revenue per customer, lifespan and lifetime value, by plan',
      schema: LtvSchema,
      report: async (sql, q) => presentLtv(await ltvReport(sql, q)),
    },
  ];
  return [
    ...reports.map((route) =>
      defineRoute({
        method: 'get',
        path: route.path,
        operationId: route.operationId,
        summary: route.summary,
        description: `Money per currency, never summed across currencies; dates are whole UTC days. ${RANGE_RULE} See docs/analytics.md.`,
        tags: TAGS,
        auth: AUTH,
        query: AnalyticsQuerySchema,
        responses: { 200: { description: 'The figures', schema: route.schema }, 400: BAD_RANGE },
        handler: ({ query, ctx }) => route.report(callerTenantSql(ctx, orm), analyticsQueryOf(query, clock.now())),
      }),
    ),
    defineRoute({
      method: 'get',
      path: '/analytics/churn-cohorts',
      operationId: 'getChurnCohorts',
      summary: 'Retention by month of first subscription',
      description: `One cohort per month of the range. ${RANGE_RULE} See docs/analytics.md.`,
      tags: TAGS,
      auth: AUTH,
      query: ChurnCohortQuerySchema,
      responses: { 200: { description: 'The cohorts', schema: ChurnCohortsSchema }, 400: BAD_RANGE },
      handler: async ({ query, ctx }) => {
        const { months, ...range } = query;
        const analytics = analyticsQueryOf(range, clock.now());
        return presentChurnCohorts(await churnCohortReport(callerTenantSql(ctx, orm), { ...analytics, months }));
      },
    }),
  ];
}
