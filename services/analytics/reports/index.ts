export { type AnalyticsQuery } from './analytics-query';
export { churnCohortReport, type ChurnCohort } from './churn-cohort-report';
export { customerReport, type CustomerFigures, type CustomerReport } from './customer-report';
export { ltvReport, type CurrencyLifetimeValue, type LifetimeValue } from './ltv-report';
export { mrrBreakdownReport, type CurrencyMrrBreakdown } from './mrr-breakdown-report';
export { netRevenueReport, type CurrencyNetRevenue } from './net-revenue-report';
export { paymentReport, type CurrencyPayments, type PaymentReport } from './payment-report';
export { revenueReport, type CurrencyRevenue, type RevenueReport } from './revenue-report';
export { subscriptionReport, type SubscriptionFigures, type SubscriptionReport } from './subscription-report';
