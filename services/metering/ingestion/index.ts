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
  recordEvent,
  recordEventBatch,
  type RecordedBatch,
  type RecordedEvent,
  type RecordEventsRequest,
} from './record-events';
export { judgeTimestamp, MAX_FUTURE_MS, type UsageSegment, type UsageWindow } from './usage-window';
export type { ClosedSegment, SubscriptionUsage, SubscriptionUsageFacts } from './subscription-port';
export { storedEventsTable } from './stored-events';
