import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { SUBSCRIPTION_STATUSES } from '../../../domain/subscriptions';
import { named } from '../../openapi/schema-registry';
import { CurrencyCodeSchema, DateOrTimestampSchema } from '../../schemas/common';

const rangeProperties = {
  dateFrom: Type.Optional(
    DateOrTimestampSchema(
      'First day of the range (UTC, from 00:00:00.000Z), or an exact instant; default: the first day of the month 11 months before dateTo',
      '2026-01-01',
    ),
  ),
  dateTo: Type.Optional(
    DateOrTimestampSchema(
      'Last day of the range (UTC, through its end), or an exact instant; default: today',
      '2026-12-31',
    ),
  ),
  currency: Type.Optional(CurrencyCodeSchema),
};

export const AnalyticsQuerySchema = Type.Object(rangeProperties, { additionalProperties: false });
export type AnalyticsQueryJson = Static<typeof AnalyticsQuerySchema>;

export const ChurnCohortQuerySchema = Type.Object(
  {
    ...rangeProperties,
    months: Type.Integer({
      minimum: 1,
      maximum: 36,
      default: 12,
      description: 'How many months of retention each cohort shows (month 0 is its first)',
    }),
  },
  { additionalProperties: false },
);

const Money = (description: string) => Type.Number({ description: `${description}, in major units`, example: 1250.5 });
const Count = (description: string) => Type.Integer({ minimum: 0, description });
const Rate = (description: string) =>
  Type.Number({ minimum: 0, maximum: 1, description: `${description}, 4 decimals` });
const Currency = Type.String({ pattern: '^[A-Z]{3}$', example: 'USD' });
const closed = (properties: Record<string, TSchema>) => Type.Object(properties, { additionalProperties: false });

const revenueFigures = {
  currency: Currency,
  totalRevenue: Money('Payments received less refunds paid out in the range'),
  mrr: Money('Monthly recurring revenue at the end of the range'),
  arr: Money('mrr x 12'),
  months: Type.Array(
    closed({ month: Type.String({ pattern: '^\\d{4}-\\d{2}$' }), revenue: Money('The month’s revenue') }),
    {
      description: 'Every UTC month of the range, oldest first, zeros included',
    },
  ),
};

export const RevenueAnalyticsSchema = named(
  'RevenueAnalytics',
  closed({ ...revenueFigures, byCurrency: Type.Array(closed(revenueFigures)) }),
);

const subscriptionFigures = {
  byStatus: closed(
    Object.fromEntries(SUBSCRIPTION_STATUSES.map((status) => [status, Count(`${status} at the end of the range`)])),
  ),
  new: Count('Subscriptions started in the range'),
  canceled: Count('Subscriptions canceled in the range'),
  churnRate: Rate('canceled over the live subscriptions at the start of the range'),
};

export const SubscriptionAnalyticsSchema = named(
  'SubscriptionAnalytics',
  closed({ ...subscriptionFigures, byCurrency: Type.Array(closed({ currency: Currency, ...subscriptionFigures })) }),
);

const customerFigures = {
  total: Count('Customers at the end of the range'),
  new: Count('Customers created in the range'),
  churned: Count('Customers whose last live or paused subscription ended in the range'),
};

export const CustomerAnalyticsSchema = named(
  'CustomerAnalytics',
  closed({ ...customerFigures, byCurrency: Type.Array(closed({ currency: Currency, ...customerFigures })) }),
);

export const PaymentAnalyticsSchema = named(
  'PaymentAnalytics',
  closed({
    successRate: Rate('Provider payments SUCCEEDED (refunded since included) over SUCCEEDED + FAILED'),
    currency: Currency,
    volume: Money('Payments received in the range'),
    byCurrency: Type.Array(
      closed({
        currency: Currency,
        volume: Money('Payments received in the range'),
        succeeded: Count('Payments that succeeded in the range'),
        failed: Count('Payments that failed in the range'),
        refunded: Money('Refunds paid out in the range'),
      }),
    ),
  }),
);

export const MrrBreakdownSchema = named(
  'MrrBreakdown',
  closed({
    byCurrency: Type.Array(
      closed({
        currency: Currency,
        new: Money('MRR from customers that were not paying (first subscription, trial converted, return after churn)'),
        expansion: Money('MRR added by paying or paused customers (upgrade, resume, another subscription)'),
        contraction: Money('MRR lost by customers that stay (downgrade, pause, a second subscription ending)'),
        churned: Money('MRR lost by customers whose last live or paused subscription ended'),
        netNew: Money('new + expansion - contraction - churned: MRR at the end less MRR at the start'),
        byPlan: Type.Array(closed({ planId: Type.String(), mrr: Money('The plan’s MRR at the end of the range') })),
      }),
    ),
  }),
);

export const NetRevenueSchema = named(
  'NetRevenue',
  closed({
    byCurrency: Type.Array(
      closed({
        currency: Currency,
        gross: Money('Invoiced in the range before tax (issued invoices not voided)'),
        refunds: Money('Refunds paid out in the range'),
        creditNotes: Money('Credit notes finalized in the range, not voided, not made by a refund'),
        net: Money('gross - refunds - creditNotes'),
      }),
    ),
  }),
);

export const ChurnCohortsSchema = named(
  'ChurnCohorts',
  closed({
    cohorts: Type.Array(
      closed({
        month: Type.String({ pattern: '^\\d{4}-\\d{2}$', description: 'Month of the customers’ first subscription' }),
        customers: Count('Customers in the cohort'),
        retained: Type.Array(Count('Still subscribed at the end of month n'), {
          description: 'Month 0, 1, 2, ... up to `months` and never past the range',
        }),
      }),
    ),
  }),
);

const lifetimeFigures = {
  averageRevenuePerCustomer: Money('MRR at the end of the range over the customers paying then'),
  averageLifespanMonths: Type.Number({
    minimum: 0,
    description: 'Average months a subscription has been live, 2 decimals',
  }),
  ltv: Money('averageRevenuePerCustomer x averageLifespanMonths'),
};

export const LtvSchema = named(
  'LifetimeValue',
  closed({
    byCurrency: Type.Array(
      closed({
        currency: Currency,
        ...lifetimeFigures,
        byPlan: Type.Array(closed({ planId: Type.String(), ...lifetimeFigures })),
      }),
    ),
  }),
);
