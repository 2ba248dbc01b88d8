export { aggregateUsageUnits } from './aggregate-usage-units';
export { percentageUsageFees } from './percentage-usage-fees';
export type { ChargeBucketFilter, MeteredMetric, UsageWindow } from './usage-statement';
export { tallyUsageUnits } from './tallied-usage-units';
export { createUsageTally, sharingEntries, type UsageTally } from './usage-tally';
