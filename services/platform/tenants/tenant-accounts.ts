import type { Orm } from '../../../infra/db/orm';
import { sqlOf } from '../../../infra/db/sql';
import { TENANT_PROFILE_COLUMNS, toTenantProfile, type TenantProfile, type TenantProfileRow } from './tenant-profile';

/** A tenant as the login needs it: the profile and the password hash to verify against. */
export interface TenantAccount {
  profile: TenantProfile;
  passwordHash: string;
}

/** The tenant whose login e-mail this is, compared case-insensitively (the unique index is on `lower(email)`). */
export async function findTenantAccount(orm: Orm, email: string): Promise<TenantAccount | undefined> {
  const row = await sqlOf(orm).one<TenantProfileRow & { password_hash: string }>(
    `select ${TENANT_PROFILE_COLUMNS}, password_hash from central.tenants where lower(email) = lower(?)`,
    [email],
  );
  return row === undefined ? undefined : { profile: toTenantProfile(row), passwordHash: row.password_hash };
}
