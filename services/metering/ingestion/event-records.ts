import type { TenantSql } from '../../../infra/db/tenant-sql';

/**
 * The tables ingestion reads and writes: events, and what decides whether a timestamp is still open; `wallets` only
 * through the usage-recorded listener billing hands in.
 */
export type EventSql = TenantSql<
  'events' | 'subscriptions' | 'usage_segments' | 'invoices' | 'billable_metrics' | 'wallets'
>;

export type PropertyValue = string | number;
export type EventProperties = Readonly<Record<string, PropertyValue>>;

/**
 * One event with its subscription resolved to our id: `timestamp` as received text, absent means the time of
 * receipt.
 */
export interface EventInput {
  transactionId: string;
  subscriptionId: string;
  code: string;
  timestamp?: string | undefined;
  properties?: EventProperties | undefined;
}

/** One event as the caller sent it: its subscription by our id or by its `externalId`, exactly one of the two. */
export interface SentEventInput extends Omit<EventInput, 'subscriptionId'> {
  subscriptionId?: string | undefined;
  externalSubscriptionId?: string | undefined;
}

export interface EventRecord {
  id: string;
  transactionId: string;
  subscriptionId: string;
  customerId: string;
  code: string;
  timestamp: Date;
  properties: EventProperties;
  createdAt: Date;
}

export interface EventRow {
  id: string;
  transaction_id: string;
  subscription_id: string;
  customer_id: string;
  code: string;
  timestamp: Date | string;
  properties: unknown;
  created_at: Date | string;
}

export const EVENT_COLUMNS =
  'id, transaction_id, subscription_id, customer_id, code, timestamp, properties, created_at';

export function toEventRecord(row: EventRow): EventRecord {
  return {
    id: row.id,
    transactionId: row.transaction_id,
    subscriptionId: row.subscription_id,
    customerId: row.customer_id,
    code: row.code,
    timestamp: new Date(row.timestamp),
    properties: (typeof row.properties === 'string' ? JSON.parse(row.properties) : row.properties) as EventProperties,
    createdAt: new Date(row.created_at),
  };
}
