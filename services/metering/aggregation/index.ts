export { aggregateUsageUnits } from './aggregate-usage-units';
export { percentageUsageFees } from './percentage-usage-fees';
export type { ChargeBucketFilter, MeteredMetric, UsageWindow } from './usage-statement';
