import type { PropertyValue } from '../../../domain/metering';
import type { Sql } from '../../../infra/db/sql';
import { newId } from '../../../infra/ids';

/** An event to store for a metering test: its subscription, metric code, instant (ms) and properties. */
export interface EventToStore {
  subscriptionId: string;
  code: string;
  timestamp: number;
  properties: Record<string, PropertyValue>;
}

const CHUNK = 5_000;

/**
 * Stores events straight into a tenant's events table (tests only: ingestion is another module's), many per
 * statement, in the given order, and returns each one's `seq` (ingestion order) in that order.
 */
export async function storeEvents(sql: Sql, table: string, events: readonly EventToStore[]): Promise<bigint[]> {
  const seqs: bigint[] = [];
  for (let start = 0; start < events.length; start += CHUNK) {
    const rows = events.slice(start, start + CHUNK).map((event, index) => ({
      id: newId('usageEvent'),
      n: index,
      subscription_id: event.subscriptionId,
      code: event.code,
      timestamp: new Date(event.timestamp).toISOString(),
      properties: event.properties,
    }));
    const stored = await sql.query<{ n: number; seq: string }>(
      `with input as (
         select * from jsonb_to_recordset(?::jsonb)
           as r (id text, n int, subscription_id text, code text, timestamp timestamptz, properties jsonb)
       ), inserted as (
         insert into ${table} (id, transaction_id, subscription_id, customer_id, code, timestamp, properties)
         select id, id, subscription_id, 'cust_metering_test', code, timestamp, properties from input order by n
         returning id, seq
       )
       select input.n, inserted.seq::text as seq from inserted join input using (id) order by input.n`,
      [JSON.stringify(rows)],
    );
    seqs.push(...stored.map((row) => BigInt(row.seq)));
  }
  return seqs;
}
