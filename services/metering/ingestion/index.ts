export { eventNotFound } from './event-errors';
export type { EventRecord } from './event-records';
export { MAX_PROPERTY_VALUE_LENGTH } from './event-rules';
export { findEvent, type SubscriptionEventFilters } from './event-store';
export { createMetricCatalog } from './metric-catalog';
export { recordUsageEvent, recordUsageEventBatch, type RecordedUsageBatch } from './record-usage-events';
export { storedEventsTable } from './stored-events';
export { listEventsOfSubscription } from './subscription-events';
export type { SubscriptionUsage } from './subscription-port';
