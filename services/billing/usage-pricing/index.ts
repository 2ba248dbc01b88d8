export { readCustomerOpenUsage } from './customer-open-usage';
export { readOpenPeriodUsage } from './open-period-usage';
export { priceRecordedUsage, usageSubscriptionOf } from './recorded-usage';
export { computeSegmentUsage } from './segment-usage';
export type { MeteredUsageLine, OpenPeriodUsage, UsageSegmentRequest, UsageSql } from './usage-records';
export { findUsageSegment, listClosedSegments, lockSubscriptionForUsage, recordUsageSegment } from './usage-segments';
export { deleteSubscriptionsUsageSegments } from './customer-removal';
