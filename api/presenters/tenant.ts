import { Type, type Static } from '@sinclair/typebox';
import type { TenantProfile } from '../../services/platform/tenants';
import { named } from '../openapi/schema-registry';

/**
 * The tenant as every response shows it (CONTRACT §6). Spread `tenantProperties` into a closed object to show more
 * (GET /tenants/me adds the webhook signing secret and settings); secrets never appear here.
 */
export const tenantProperties = {
  id: Type.String({ pattern: '^ten_[0-9A-HJKMNP-TV-Z]{26}$', description: 'Tenant id (`ten_` + ULID)' }),
  name: Type.String({ description: 'Name of the person who registered the tenant (its owner)' }),
  companyName: Type.String(),
  slug: Type.String({
    pattern: '^[a-z0-9]+(-[a-z0-9]+)*$',
    description: 'From companyName: lower case, other characters as `-`; made unique with `-2`, `-3`, ...',
  }),
  email: Type.String({ description: 'Login e-mail, as registered; unique regardless of case' }),
  isActive: Type.Boolean({ description: 'An inactive tenant cannot log in and its credentials are refused' }),
  webhookUrl: Type.Union([Type.String(), Type.Null()], { description: 'Receives outbound events; null when unset' }),
  createdAt: Type.String({ format: 'date-time' }),
};

export const TenantSchema = named('Tenant', Type.Object(tenantProperties, { additionalProperties: false }));

export type TenantJson = Static<typeof TenantSchema>;

/** Any record with the profile fields presents the same: the profile of services/platform/auth, or the Tenant entity. */
export type PresentableTenant = Omit<TenantProfile, 'webhookUrl'> & { webhookUrl?: string | null | undefined };

export function presentTenant(tenant: PresentableTenant): TenantJson {
  return {
    id: tenant.id,
    name: tenant.name,
    companyName: tenant.companyName,
    slug: tenant.slug,
    email: tenant.email,
    isActive: tenant.isActive,
    webhookUrl: tenant.webhookUrl ?? null,
    createdAt: tenant.createdAt.toISOString(),
  };
}
