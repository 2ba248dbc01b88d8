export * from './event-errors';
export type { EventInput, EventProperties, EventRecord, EventSql, PropertyValue } from './event-records';
export { findEvent, type SubscriptionEventFilters } from './event-store';
export { listEventsOfSubscription } from './subscription-events';
export {
  MAX_PROPERTY_NAME_LENGTH,
  MAX_PROPERTY_VALUE_LENGTH,
  MAX_SIGNIFICANT_DIGITS,
  OPERATION_TYPE_KEY,
} from './event-rules';
export { createMetricCatalog, type MetricCatalog, type MetricDefinition } from './metric-catalog';
export {
  recordUsageEvent,
  recordUsageEventBatch,
  type RecordedUsageBatch,
  type RecordedUsageEvent,
  type RecordUsageEventsRequest,
} from './record-usage-events';
export { judgeTimestamp, MAX_FUTURE_MS, type UsageSegment, type UsageWindow } from './usage-window';
