import type { EntityManager } from '@mikro-orm/postgresql';
import { tenantTable } from './customer-store';

/** Subscription statuses that keep a customer from being deleted (CONTRACT §2, §7): everything but CANCELED. */
export const LIVE_SUBSCRIPTION_STATUSES = ['TRIALING', 'ACTIVE', 'PAUSED', 'PAST_DUE'] as const;

/** The tables of a customer's related records; each arrives with its own issue. */
export type CustomerRelation = 'subscriptions' | 'invoices' | 'payments';

/** A related record as listed under a customer until its own issue defines the full record. */
export interface RelatedRecord {
  id: string;
}

/** Whether the tenant's schema has the table yet (`to_regclass` is null for a missing one, without an error). */
async function tableExists(em: EntityManager, table: CustomerRelation): Promise<boolean> {
  const [row] = await em
    .getConnection()
    .execute<{ present: boolean }[]>('select to_regclass(?::text) is not null as present', [tenantTable(em, table)]);
  return row?.present === true;
}

/**
 * Whether the customer has a subscription in a live status. TODO(issue 5): the subscriptions table, with the expected
 * columns `customer_id` and `status`, arrives with issue 5; until a tenant's schema has it, no customer has one.
 */
export async function hasLiveSubscriptions(em: EntityManager, customerId: string): Promise<boolean> {
  if (!(await tableExists(em, 'subscriptions'))) return false;
  const [row] = await em.getConnection().execute<{ live: boolean }[]>(
    `select exists (
       select 1 from ${tenantTable(em, 'subscriptions')}
        where customer_id = ? and status in (${LIVE_SUBSCRIPTION_STATUSES.map(() => '?').join(', ')})
     ) as live`,
    [customerId, ...LIVE_SUBSCRIPTION_STATUSES],
  );
  return row?.live === true;
}

/**
 * A page of the customer's subscriptions, invoices or payments, newest first. TODO(issue 5, payments issue): the
 * tables arrive with issue 5 (subscriptions, invoices) and the payments issue; until a tenant's schema has one, the
 * page is empty. Expected columns: `id`, `customer_id`, `created_at`. Only ids are returned here: the full records
 * and their presenters belong to those issues, which replace this listing.
 */
export async function listCustomerRelation(
  em: EntityManager,
  options: { relation: CustomerRelation; customerId: string; window: { limit: number; offset: number } },
): Promise<{ records: RelatedRecord[]; total: number }> {
  const { relation, customerId, window } = options;
  if (!(await tableExists(em, relation))) return { records: [], total: 0 };
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
