import { defineEntity, p } from '@mikro-orm/core';
import { timestampProperties } from './timestamps';

/** Per-tenant settings (CONTRACT §6); every key is optional and falls back to the platform default. */
export interface TenantSettings {
  timezone?: string;
  invoicePrefix?: string;
  netPaymentTerms?: number;
  invoiceGracePeriodDays?: number;
}

/** A tenant: its owner's login and profile. Lives in the central schema; its data lives in its own schema. */
export const TenantSchema = defineEntity({
  name: 'Tenant',
  tableName: 'tenants',
  schema: 'central',
  properties: {
    id: p.string().primary().columnType('text'),
    name: p.string().columnType('text'),
    companyName: p.string().columnType('text'),
    slug: p.string().columnType('text'),
    email: p.string().columnType('text'),
    passwordHash: p.string().columnType('text').hidden(),
    isActive: p.boolean().default(true),
    webhookUrl: p.string().columnType('text').nullable(),
    webhookSigningSecret: p.string().columnType('text').hidden(),
    settings: p
      .json<TenantSettings>()
      .columnType('jsonb')
      .onCreate(() => ({})),
    ...timestampProperties(),
  },
});

export class Tenant extends TenantSchema.class {}
TenantSchema.setClass(Tenant);
