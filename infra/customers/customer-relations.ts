import type { EntityManager } from '@mikro-orm/postgresql';
import type { SqlTransaction } from '../db/migrator';
import { tenantTable } from './customer-store';

/** Subscription statuses that keep a customer from being deleted (CONTRACT §2, §7): everything but CANCELED. */
export const LIVE_SUBSCRIPTION_STATUSES = ['TRIALING', 'ACTIVE', 'PAUSED', 'PAST_DUE'] as const;

/** The tables of a customer's related records; each arrives with its own issue. */
export type CustomerRelation = 'subscriptions' | 'invoices' | 'payments';

/** A related record as listed under a customer until its own issue defines the full record. */
export interface RelatedRecord {
  id: string;
}

/** Whether the customer has a subscription in a live status. */
export async function hasLiveSubscriptions(
  em: EntityManager,
  customerId: string,
  transaction?: SqlTransaction,
): Promise<boolean> {
  const [row] = await em.getConnection().execute<{ live: boolean }[]>(
    `select exists (
       select 1 from ${tenantTable(em, 'subscriptions')}
        where customer_id = ? and status in (${LIVE_SUBSCRIPTION_STATUSES.map(() => '?').join(', ')})
     ) as live`,
    [customerId, ...LIVE_SUBSCRIPTION_STATUSES],
    'all',
    transaction,
  );
  return row?.live === true;
}

/**
 * A page of the customer's subscriptions, invoices or payments (ids only), newest first. Every tenant schema has the
 * three tables since migration 20261122190000; the full records and their presenters belong to the resources' own
 * routes, which replace this listing.
 */
export async function listCustomerRelation(
  em: EntityManager,
  options: { relation: CustomerRelation; customerId: string; window: { limit: number; offset: number } },
): Promise<{ records: RelatedRecord[]; total: number }> {
  const { relation, customerId, window } = options;
  const table = tenantTable(em, relation);
  const connection = em.getConnection();
  const [rows, totals] = await Promise.all([
    connection.execute<{ id: string }[]>(
      `select id from ${table} where customer_id = ? order by created_at desc, id desc limit ? offset ?`,
      [customerId, window.limit, window.offset],
    ),
    connection.execute<{ total: string }[]>(`select count(*) as total from ${table} where customer_id = ?`, [
      customerId,
    ]),
  ]);
  return { records: rows.map((row) => ({ id: row.id })), total: Number(totals[0]?.total ?? 0) };
}
