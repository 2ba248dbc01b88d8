export {
  bucketFeeExact,
  priceChargeUsage,
  segmentMinimumMinor,
  type BucketFilter,
  type BucketPricing,
  type ChargeUsage,
  type PricedBucket,
  type PricedChargeUsage,
  type UsageBucket,
  type UsageLine,
  type UsageSegmentSpan,
} from './charge-usage';
export { formatRounded, formatUnits, isPresentableUnits, unitAmountOf, USAGE_DECIMALS } from './usage-quantity';
export { growsWithEvents, projectChargeUsage, projectionFactor } from './usage-projection';
export {
  checkModelPricesMetric,
  describeAggregation,
  type ModelMetricCheck,
  type ModelMetricMismatch,
  type PricedMetricShape,
} from './priceable-metric';
