export { AGGREGATION_TYPES, aggregateUnits, type AggregationType, type MeteringAggregation } from './aggregate-units';
export { aggregateBucketUnits, percentageBucketFees, percentageTransactions, type BucketValues } from './bucket-usage';
export { chargeBucketOf, splitIntoBuckets, type ChargeBucket, type ChargeFilterMatch } from './charge-buckets';
export { OPERATION_TYPE_KEY, uniqueCountUnits } from './unique-count';
export {
  compareEventOrder,
  NUMERIC_STRING_MAX_LENGTH,
  NUMERIC_STRING_PATTERN,
  propertyText,
  readPropertyNumber,
  type PropertyValue,
  type UsageEvent,
  type UsagePeriod,
} from './usage-event';
export { weightedSumUnits } from './weighted-sum';
