import type { TenantId } from '../../../domain/ids';
import type { Orm } from '../../../infra/db/orm';
import { sqlOf, type Sql, type SqlTransaction, type SqlParam } from '../../../infra/db/sql';
import {
  parseStoredSmtpSettings,
  sealSmtpSettings,
  type SmtpSettingsInput,
  type StoredSmtpSettings,
} from './smtp-settings';
import { resolveTenantSettings, type ResolvedTenantSettings, type TenantSettings } from './tenant-settings';
import { generateWebhookSigningSecret } from './webhook-signing-secret';
import { parseTenantAddress, type TenantAddress } from './tenant-address';
import { notFound, type AppError } from '../errors';
import { TENANT_PROFILE_COLUMNS, toTenantProfile, type TenantProfile, type TenantProfileRow } from './tenant-profile';

/** A tenant as its owner manages it: profile, webhook target and secret, SMTP settings, billing settings. */
export interface TenantDetails extends TenantProfile {
  webhookSigningSecret: string;
  smtp: StoredSmtpSettings | null;
  settings: ResolvedTenantSettings;
  /** Printed as the seller on invoice PDFs; null until the tenant gives one. */
  address: TenantAddress | null;
  /** Printed beside the address (VAT number, EIN, ...); null until the tenant gives one. */
  taxId: string | null;
  updatedAt: Date;
}

/** A PATCH of the tenant: each property present is changed; `null` clears `webhookUrl` or `smtp`. */
export interface TenantChange {
  name?: string;
  companyName?: string;
  webhookUrl?: string | null;
  smtp?: SmtpSettingsInput | null;
  /** Merged into the stored settings, key by key. */
  settings?: TenantSettings;
  /** Replaced whole; `null` removes it. */
  address?: TenantAddress | null;
  /** `null` removes it. */
  taxId?: string | null;
}

export type TenantUpdateResult =
  | { ok: true; tenant: TenantDetails }
  | { ok: false; error: { code: 'tenant_not_found' } | { code: 'invalid_field'; field: string; message: string } };

// Callers hold a credential of an active tenant; it can only be missing if it was deleted in between.
export const tenantNotFound = (): AppError => notFound('tenant_not_found', 'Tenant not found');

interface TenantRow extends TenantProfileRow {
  webhook_signing_secret: string;
  smtp_settings: unknown;
  settings: unknown;
  address: unknown;
  tax_id: string | null;
  updated_at: Date | string;
}

const COLUMNS = `${TENANT_PROFILE_COLUMNS}, webhook_signing_secret, smtp_settings, settings, address, tax_id, updated_at`;

export async function findTenantDetails(orm: Orm, tenantId: TenantId): Promise<TenantDetails | undefined> {
  const row = await sqlOf(orm).one<TenantRow>(`select ${COLUMNS} from central.tenants where id = ?`, [tenantId]);
  return row === undefined ? undefined : toDetails(row);
}

/**
 * Applies a change in one transaction, the row locked: the SMTP password kept or replaced depends on what is stored,
 * and two concurrent PATCHes of different settings must both land.
 */
export async function updateTenantDetails(options: {
  orm: Orm;
  tenantId: TenantId;
  change: TenantChange;
  encryptionKey: Buffer;
}): Promise<TenantUpdateResult> {
  const { orm, tenantId, change } = options;
  const sql = sqlOf(orm);
  return sql.transactional(async (transaction): Promise<TenantUpdateResult> => {
    const current = await lockTenant(sql, tenantId, transaction);
    if (current === undefined) return { ok: false, error: { code: 'tenant_not_found' } };
    const assignments: string[] = [];
    const params: SqlParam[] = [];
    const assign = (assignment: string, value: SqlParam): void => {
      assignments.push(assignment);
      params.push(value);
    };
    if (change.name !== undefined) assign('name = ?', change.name);
    if (change.companyName !== undefined) assign('company_name = ?', change.companyName);
    if (change.webhookUrl !== undefined) assign('webhook_url = ?', change.webhookUrl);
    if (change.smtp === null) assignments.push('smtp_settings = null');
    if (change.smtp !== undefined && change.smtp !== null) {
      const owner = { tenantId, encryptionKey: options.encryptionKey };
      const sealed = sealSmtpSettings({ input: change.smtp, stored: current, owner });
      if (!sealed.ok) {
        return { ok: false, error: { code: 'invalid_field', field: `smtp.${sealed.field}`, message: sealed.message } };
      }
      assign('smtp_settings = ?::jsonb', JSON.stringify(sealed.value));
    }
    if (change.settings !== undefined) {
      const { dunning, portal, ...flat } = change.settings;
      // One level deeper for `dunning` and `portal`: their keys merge into the stored ones instead of replacing them.
      const nested = (key: 'dunning' | 'portal', value: object | undefined): string => {
        if (value === undefined) return '';
        params.push(JSON.stringify(value));
        return ` || jsonb_build_object('${key}', coalesce(settings->'${key}', '{}'::jsonb) || ?::jsonb)`;
      };
      params.push(JSON.stringify(flat));
      assignments.push(`settings = settings || ?::jsonb${nested('dunning', dunning)}${nested('portal', portal)}`);
    }
    if (change.address === null) assignments.push('address = null');
    if (change.address !== undefined && change.address !== null)
      assign('address = ?::jsonb', JSON.stringify(change.address));
    if (change.taxId !== undefined) assign('tax_id = ?', change.taxId);
    const row = await sql.one<TenantRow>(
      `update central.tenants set ${[...assignments, 'updated_at = now()'].join(', ')} where id = ? returning ${COLUMNS}`,
      [...params, tenantId],
      transaction,
    );
    if (row === undefined) return { ok: false, error: { code: 'tenant_not_found' } };
    return { ok: true, tenant: toDetails(row) };
  });
}

/**
 * A new signing secret; the old one stays valid as `previous_webhook_signing_secret` (outbound webhooks sign with
 * both for 24 hours after `webhook_secret_rotated_at`, so receivers can switch without losing events). A second
 * rotation within those hours retires the first secret at once.
 */
export async function rotateWebhookSigningSecret(orm: Orm, tenantId: TenantId): Promise<TenantDetails | undefined> {
  const row = await sqlOf(orm).one<TenantRow>(
    `update central.tenants
        set previous_webhook_signing_secret = webhook_signing_secret, webhook_signing_secret = ?,
            webhook_secret_rotated_at = now(), updated_at = now()
      where id = ?
      returning ${COLUMNS}`,
    [generateWebhookSigningSecret(), tenantId],
  );
  return row === undefined ? undefined : toDetails(row);
}

async function lockTenant(
  sql: Sql,
  tenantId: string,
  transaction: SqlTransaction,
): Promise<StoredSmtpSettings | null | undefined> {
  const row = await sql.one<{ smtp_settings: unknown }>(
    'select smtp_settings from central.tenants where id = ? for update',
    [tenantId],
    transaction,
  );
  return row === undefined ? undefined : parseStoredSmtpSettings(row.smtp_settings);
}

function toDetails(row: TenantRow): TenantDetails {
  return {
    ...toTenantProfile(row),
    webhookSigningSecret: row.webhook_signing_secret,
    smtp: parseStoredSmtpSettings(row.smtp_settings),
    settings: resolveTenantSettings(typeof row.settings === 'string' ? JSON.parse(row.settings) : row.settings),
    address: parseTenantAddress(row.address),
    taxId: row.tax_id,
    updatedAt: new Date(row.updated_at),
  };
}
