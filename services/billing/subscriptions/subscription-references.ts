import type { CustomerId } from '../../../domain/ids';
import { LIVE_SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '../../../domain/subscriptions';
import type { SqlTransaction } from '../../../infra/db/sql';
import type { TenantSql } from '../../../infra/db/tenant-sql';
import type { CustomerSubscriptions } from '../../catalog/customers';
import type { PlanSubscriptions } from '../../catalog/plans';
import {
  SUBSCRIPTION_COLUMNS,
  toSubscriptionRecord,
  type SubscriptionRecord,
  type SubscriptionRow,
} from './subscription-records';

type SubscriptionsTable = TenantSql<'subscriptions'>;

/** Whether the customer has a live subscription, which keeps it from being deleted (CONTRACT §2). */
export async function hasLiveSubscriptions(
  sql: SubscriptionsTable,
  customerId: CustomerId,
  transaction?: SqlTransaction,
): Promise<boolean> {
  const row = await sql.one<{ live: boolean }>(
    `select exists (
       select 1 from ${sql.table('subscriptions')}
        where customer_id = ? and status in (${LIVE_SUBSCRIPTION_STATUSES.map(() => '?').join(', ')})
     ) as live`,
    [customerId, ...LIVE_SUBSCRIPTION_STATUSES],
    transaction,
  );
  return row?.live === true;
}

/**
 * Whether any subscription of the tenant is on the plan (in `currency`, when given). Any status counts: a canceled
 * subscription still has invoices that name its plan and currency.
 */
export async function planHasSubscriptions(
  sql: SubscriptionsTable,
  reference: { planId: string; currency?: string; transaction: SqlTransaction },
): Promise<boolean> {
  const byCurrency = reference.currency === undefined ? '' : ' and currency = ?';
  const params = reference.currency === undefined ? [reference.planId] : [reference.planId, reference.currency];
  const row = await sql.one<{ used: boolean }>(
    `select exists (select 1 from ${sql.table('subscriptions')} where plan_id = ?${byCurrency}) as used`,
    params,
    reference.transaction,
  );
  return row?.used === true;
}

/** Whether the tenant has the subscription. */
export async function subscriptionExists(sql: SubscriptionsTable, id: string): Promise<boolean> {
  const row = await sql.one<{ found: boolean }>(
    `select exists (select 1 from ${sql.table('subscriptions')} where id = ?) as found`,
    [id],
  );
  return row?.found === true;
}

/** The tenant's subscriptions counted by status (statuses without any are absent). */
export async function countSubscriptionsByStatus(
  sql: SubscriptionsTable,
): Promise<{ status: SubscriptionStatus; count: number }[]> {
  const rows = await sql.query<{ status: SubscriptionStatus; count: string }>(
    `select status, count(*) as count from ${sql.table('subscriptions')} group by status`,
  );
  return rows.map((row) => ({ status: row.status, count: Number(row.count) }));
}

/**
 * The subscriptions of the given ids (unknown ids absent), share-locked by one statement in id order until the
 * transaction ends, as usage ingestion reads their windows: a usage close takes its subscription `for update`, so
 * an event batch either commits before the close (and is billed by it) or after it (and sees the segment closed).
 */
export async function lockSubscriptionsForUsage(
  sql: SubscriptionsTable,
  request: { subscriptionIds: readonly string[]; transaction: SqlTransaction },
): Promise<SubscriptionRecord[]> {
  const rows = await sql.query<SubscriptionRow>(
    `select ${SUBSCRIPTION_COLUMNS} from ${sql.table('subscriptions')}
      where id in (select jsonb_array_elements_text(?::jsonb))
      order by id
        for share`,
    [JSON.stringify(request.subscriptionIds)],
    request.transaction,
  );
  return rows.map(toSubscriptionRecord);
}

/**
 * The ids of the subscriptions with the given `externalId`s (the caller's own ids), one statement for all of them;
 * unknown external ids are absent from the map.
 */
export async function findSubscriptionIdsByExternalIds(
  sql: SubscriptionsTable,
  externalIds: readonly string[],
): Promise<Map<string, string>> {
  if (externalIds.length === 0) return new Map();
  const rows = await sql.query<{ id: string; external_id: string }>(
    `select id, external_id from ${sql.table('subscriptions')}
      where external_id in (select jsonb_array_elements_text(?::jsonb))`,
    [JSON.stringify(externalIds)],
  );
  return new Map(rows.map((row) => [row.external_id, row.id]));
}

/** What customers ask of their subscriptions (their port, handed in where the processes are wired). */
export const customerSubscriptions: CustomerSubscriptions = { hasLiveSubscriptions };

/** What plans ask of their subscriptions (their port, handed in where the processes are wired). */
export const planSubscriptions: PlanSubscriptions = { planHasSubscriptions };

/**
 * The customer's subscriptions in `currency` with an open period being metered (every live one but PAUSED), oldest
 * first: those whose usage so far a wallet's ongoing balance counts.
 */
export async function meteredSubscriptionIds(
  sql: SubscriptionsTable,
  owner: { customerId: string; currency: string },
): Promise<string[]> {
  const rows = await sql.query<{ id: string }>(
    `select id from ${sql.table('subscriptions')}
      where customer_id = ? and currency = ? and status not in ('PAUSED', 'CANCELED') order by created_at, id`,
    [owner.customerId, owner.currency],
  );
  return rows.map((row) => row.id);
}
