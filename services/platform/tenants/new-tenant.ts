import { sqlOf, type SqlTransaction } from '../../../infra/db/sql';
import type { Orm } from '../../../infra/db/orm';
import { newId } from '../../../infra/ids';
import { TENANT_PROFILE_COLUMNS, toTenantProfile, type TenantProfile, type TenantProfileRow } from './tenant-profile';
import { generateWebhookSigningSecret } from './webhook-signing-secret';

/** A registering tenant, validated; its id and webhook signing secret are made here. */
export interface NewTenant {
  name: string;
  companyName: string;
  slug: string;
  email: string;
  passwordHash: string;
}

/**
 * Stores the tenant in the caller's transaction; undefined when another tenant took the slug meanwhile. `on
 * conflict` covers the slug only: a taken e-mail still raises, and rolls the caller's transaction back.
 */
export async function insertTenant(
  orm: Orm,
  request: { tenant: NewTenant; transaction: SqlTransaction },
): Promise<TenantProfile | undefined> {
  const { tenant, transaction } = request;
  const row = await sqlOf(orm).one<TenantProfileRow>(
    `insert into central.tenants (id, name, company_name, slug, email, password_hash, webhook_signing_secret)
     values (?, ?, ?, ?, ?, ?, ?)
     on conflict on constraint tenants_slug_unique do nothing
     returning ${TENANT_PROFILE_COLUMNS}`,
    [
      newId('tenant'),
      tenant.name,
      tenant.companyName,
      tenant.slug,
      tenant.email,
      tenant.passwordHash,
      generateWebhookSigningSecret(),
    ],
    transaction,
  );
  return row === undefined ? undefined : toTenantProfile(row);
}

/** `base` and the slugs `base-<n>` tenants already have; a base holds only `[a-z0-9-]`, so it is safe in the pattern. */
export async function findTakenSlugs(
  orm: Orm,
  request: { base: string; transaction: SqlTransaction },
): Promise<string[]> {
  const rows = await sqlOf(orm).query<{ slug: string }>(
    "select slug from central.tenants where slug = ? or slug ~ ('^' || ? || '-[0-9]+$')",
    [request.base, request.base],
    request.transaction,
  );
  return rows.map((row) => row.slug);
}
