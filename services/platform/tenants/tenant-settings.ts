import type { SqlTransaction } from '../../../infra/db/sql';
import type { TenantSql } from '../../../infra/db/tenant-sql';

/** The dunning ladder of an unpaid invoice (CONTRACT §12); days are 24-hour days after its due date. */
export interface DunningSettings {
  /** Reminder e-mails on these days, ascending (up to 10 distinct days, 1..365). */
  reminderDays: number[];
  /** The invoice becomes UNCOLLECTIBLE on this day (1..365). */
  uncollectibleAfterDays: number;
  /** Whether a subscription is canceled when its invoice becomes UNCOLLECTIBLE. */
  cancelSubscription: boolean;
}

/**
 * What a tenant's customers may do on the hosted portal page besides paying an open invoice (always allowed): each
 * action is off until the tenant turns it on, since each one changes what the tenant bills.
 */
export interface PortalSettings {
  /** Cancel a subscription at the end of its period, and undo that before the end. */
  allowCancel: boolean;
  /** Change to another plan among `planIds`, after a preview of the proration. */
  allowPlanChange: boolean;
  /** Buy wallet credits (a credit-purchase invoice and its checkout). */
  allowTopUp: boolean;
  /** The plans a customer may change to; replaced whole on each change. */
  planIds: string[];
}

/** Per-tenant settings (CONTRACT §6) as `central.tenants.settings` stores them: every key is optional. */
export interface TenantSettings {
  timezone?: string;
  invoicePrefix?: string;
  netPaymentTerms?: number;
  invoiceGracePeriodDays?: number;
  /** Merged key by key into the stored dunning settings. */
  dunning?: Partial<DunningSettings>;
  /** Merged key by key into the stored portal settings. */
  portal?: Partial<PortalSettings>;
}

type NestedSettingKey = 'dunning' | 'portal';

/** Every setting with a value: what billing reads. */
export type ResolvedTenantSettings = Required<Omit<TenantSettings, NestedSettingKey>> & {
  dunning: DunningSettings;
  portal: PortalSettings;
};

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
  // CONTRACT §12's defaults: reminders a day, three days and a week after the due date; written off after 30 days,
  // the subscription kept (canceling is a business decision a tenant opts into).
  dunning: { reminderDays: [1, 3, 7], uncollectibleAfterDays: 30, cancelSubscription: false },
  portal: { allowCancel: false, allowPlanChange: false, allowTopUp: false, planIds: [] },
};

const isDayList = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((day) => Number.isInteger(day) && (day as number) >= 1 && (day as number) <= 365);

/** The stored dunning settings (possibly partial) completed with the defaults; reminder days ascending, once each. */
function resolveDunningSettings(stored: unknown): DunningSettings {
  const source = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const fallback = DEFAULT_TENANT_SETTINGS.dunning;
  const { reminderDays, uncollectibleAfterDays, cancelSubscription } = source;
  return {
    reminderDays: isDayList(reminderDays)
      ? [...new Set(reminderDays)].sort((a, b) => a - b)
      : [...fallback.reminderDays],
    uncollectibleAfterDays:
      typeof uncollectibleAfterDays === 'number' ? uncollectibleAfterDays : fallback.uncollectibleAfterDays,
    cancelSubscription: typeof cancelSubscription === 'boolean' ? cancelSubscription : fallback.cancelSubscription,
  };
}

/** The stored portal settings (possibly partial) completed with the defaults: every action off, no plan offered. */
function resolvePortalSettings(stored: unknown): PortalSettings {
  const source = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const fallback = DEFAULT_TENANT_SETTINGS.portal;
  const flag = (key: 'allowCancel' | 'allowPlanChange' | 'allowTopUp'): boolean => {
    const value = source[key];
    return typeof value === 'boolean' ? value : fallback[key];
  };
  const { planIds } = source;
  return {
    allowCancel: flag('allowCancel'),
    allowPlanChange: flag('allowPlanChange'),
    allowTopUp: flag('allowTopUp'),
    planIds:
      Array.isArray(planIds) && planIds.every((id) => typeof id === 'string') ? [...planIds] : [...fallback.planIds],
  };
}

/** The stored settings (jsonb, possibly partial or with keys of older versions) completed with the defaults. */
export function resolveTenantSettings(stored: unknown): ResolvedTenantSettings {
  const source = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const pick = <K extends Exclude<keyof TenantSettings, NestedSettingKey>>(key: K): ResolvedTenantSettings[K] => {
    const value = source[key];
    const fallback = DEFAULT_TENANT_SETTINGS[key];
    return (typeof value === typeof fallback ? value : fallback) as ResolvedTenantSettings[K];
  };
  return {
    timezone: pick('timezone'),
    invoicePrefix: pick('invoicePrefix'),
    netPaymentTerms: pick('netPaymentTerms'),
    invoiceGracePeriodDays: pick('invoiceGracePeriodDays'),
    dunning: resolveDunningSettings(source.dunning),
    portal: resolvePortalSettings(source.portal),
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
