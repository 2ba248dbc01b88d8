import type { MigrationList } from '../migration-list';
import { CreateTenantsAndCounters } from './20261122120000-create-tenants-and-counters';
import { AddCredentialsAndLimits } from './20261122130000-add-credentials-and-limits';
import { AddTenantAddress } from './20261122190000-add-tenant-address';
import { CreateIdempotencyKeys } from './20261124210000-create-idempotency-keys';

/** The central schema's migrations, oldest first. Append only: a landed migration is never edited or reordered. */
export const centralMigrations: MigrationList = [
  CreateTenantsAndCounters,
  AddCredentialsAndLimits,
  AddTenantAddress,
  CreateIdempotencyKeys,
];
