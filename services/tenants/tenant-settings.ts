import type { SqlTransaction } from '../../infra/db/sql';
import type { TenantSql } from '../../infra/db/tenant-sql';

/** Per-tenant settings (CONTRACT §6) as `central.tenants.settings` stores them: every key is optional. */
export interface TenantSettings {
  timezone?: string;
  invoicePrefix?: string;
  netPaymentTerms?: number;
  invoiceGracePeriodDays?: number;
}

/** Every setting with a value: what billing reads. */
export type ResolvedTenantSettings = Required<TenantSettings>;

/**
 * Platform defaults for settings a tenant never set (CONTRACT §6, §7). Only the keys a tenant changed are stored, so a
 * later change of a default reaches every tenant who kept it. 30 days to pay is the common invoice term (Stripe's
 * `days_until_due` default); no grace period means invoices finalise as soon as they are generated (Lago's default).
 */
export const DEFAULT_TENANT_SETTINGS: ResolvedTenantSettings = {
  timezone: 'UTC',
  invoicePrefix: 'INV',
  netPaymentTerms: 30,
  invoiceGracePeriodDays: 0,
};

/** The stored settings (jsonb, possibly partial or with keys of older versions) completed with the defaults. */
export function resolveTenantSettings(stored: unknown): ResolvedTenantSettings {
  const source = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const pick = <K extends keyof TenantSettings>(key: K): ResolvedTenantSettings[K] => {
    const value = source[key];
    const fallback = DEFAULT_TENANT_SETTINGS[key];
    return (typeof value === typeof fallback ? value : fallback) as ResolvedTenantSettings[K];
  };
  return {
    timezone: pick('timezone'),
    invoicePrefix: pick('invoicePrefix'),
    netPaymentTerms: pick('netPaymentTerms'),
    invoiceGracePeriodDays: pick('invoiceGracePeriodDays'),
  };
}

/** The settings of the tenant whose SQL this is, completed with the defaults. */
export async function readTenantSettings(
  sql: TenantSql<never>,
  transaction?: SqlTransaction,
): Promise<ResolvedTenantSettings> {
  const row = await sql.one<{ settings: unknown }>(
    'select settings from central.tenants where id = ?',
    [sql.tenantId],
    transaction,
  );
  return resolveTenantSettings(row?.settings);
}
