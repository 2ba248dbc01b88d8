import type { EventRecord, RecordedUsageBatch } from '../../../services/metering/ingestion';
import type { UsageEventBatchResultJson, UsageEventJson } from './schema';

export function presentEvent(record: EventRecord): UsageEventJson {
  return {
    id: record.id,
    transactionId: record.transactionId,
    subscriptionId: record.subscriptionId,
    customerId: record.customerId,
    code: record.code,
    timestamp: record.timestamp.toISOString(),
    properties: { ...record.properties },
    createdAt: record.createdAt.toISOString(),
  };
}

export function presentBatch(batch: RecordedUsageBatch): UsageEventBatchResultJson {
  return {
    created: batch.created,
    duplicates: batch.duplicates,
    data: batch.events.map((event) => ({
      id: event.id,
      transactionId: event.transactionId,
      duplicate: event.duplicate,
    })),
  };
}
