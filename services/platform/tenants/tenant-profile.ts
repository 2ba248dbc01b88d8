/** What a tenant shows of itself after registration and login (CONTRACT §6); never a secret. */
export interface TenantProfile {
  id: string;
  /** The registering person. */
  name: string;
  companyName: string;
  slug: string;
  email: string;
  isActive: boolean;
  webhookUrl: string | null;
  createdAt: Date;
}

/** The columns of `central.tenants` that make a TenantProfile, for `select` and `returning` lists. */
export const TENANT_PROFILE_COLUMNS = 'id, name, company_name, slug, email, is_active, webhook_url, created_at';

export interface TenantProfileRow {
  id: string;
  name: string;
  company_name: string;
  slug: string;
  email: string;
  is_active: boolean;
  webhook_url: string | null;
  // Raw queries return timestamps as text.
  created_at: Date | string;
}

export function toTenantProfile(row: TenantProfileRow): TenantProfile {
  return {
    id: row.id,
    name: row.name,
    companyName: row.company_name,
    slug: row.slug,
    email: row.email,
    isActive: row.is_active,
    webhookUrl: row.webhook_url,
    createdAt: new Date(row.created_at),
  };
}
