import { resolveTenantSettings, type ResolvedTenantSettings } from '../tenants';
import type { SqlTransaction } from '../../infra/db/migrator';
import type { InvoiceSql } from './invoice-records';

const SCHEMA_PREFIX = 'tenant_';

/** The inverse of `tenantSchemaName`: ULIDs are upper case, schema names lower case. */
export function tenantIdOfSchema(schema: string): string {
  if (!schema.startsWith(SCHEMA_PREFIX)) throw new Error(`not a tenant schema: ${JSON.stringify(schema)}`);
  return `ten_${schema.slice(SCHEMA_PREFIX.length).toUpperCase()}`;
}

export async function readTenantSettings(
  sql: InvoiceSql,
  transaction?: SqlTransaction,
): Promise<ResolvedTenantSettings> {
  const [row] = await sql.query<{ settings: unknown }>(
    'select settings from central.tenants where id = ?',
    [tenantIdOfSchema(sql.schema)],
    transaction,
  );
  return resolveTenantSettings(row?.settings);
}

/** The customer's own terms and the plan's (through the invoice's subscription, or the plan given). */
export interface InvoiceTermSources {
  customerNetPaymentTerms: number | null;
  planNetPaymentTerms: number | null;
  planGracePeriodDays: number | null;
}

export async function readTermSources(
  sql: InvoiceSql,
  transaction: SqlTransaction,
  owner: { customerId: string; subscriptionId: string | null; planId?: string | null },
): Promise<InvoiceTermSources> {
  const [row] = await sql.query<{
    customer_terms: number | null;
    plan_terms: number | null;
    plan_grace: number | null;
  }>(
    `select c.net_payment_terms as customer_terms, p.net_payment_terms as plan_terms,
            p.invoice_grace_period_days as plan_grace
       from ${sql.table('customers')} c
       left join ${sql.table('subscriptions')} s on s.id = ?
       left join ${sql.table('plans')} p on p.id = coalesce(?::text, s.plan_id)
      where c.id = ?`,
    [owner.subscriptionId, owner.planId ?? null, owner.customerId],
    transaction,
  );
  return {
    customerNetPaymentTerms: row?.customer_terms ?? null,
    planNetPaymentTerms: row?.plan_terms ?? null,
    planGracePeriodDays: row?.plan_grace ?? null,
  };
}

/** Takes the next value of a gapless per-tenant counter; the row lock serialises concurrent transactions. */
export async function takeCounterValue(sql: InvoiceSql, transaction: SqlTransaction, name: string): Promise<bigint> {
  const [row] = await sql.query<{ value: string }>(
    `insert into central.counters (tenant_id, name, value) values (?, ?, 1)
     on conflict (tenant_id, name) do update set value = central.counters.value + 1
     returning value::text as value`,
    [tenantIdOfSchema(sql.schema), name],
    transaction,
  );
  if (row === undefined) throw new Error(`counter ${name} returned no value`);
  return BigInt(row.value);
}
