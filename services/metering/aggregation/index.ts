export { aggregateUsageUnits } from './aggregate-usage-units';
export { percentageUsageFees } from './percentage-usage-fees';
export { type ChargeBucketFilter, type MeteredMetric, type UsageWindow } from './usage-statement';
