import type { MigrationList } from '../migration-list';
import { CreateTenantsAndCounters } from './20261122120000-create-tenants-and-counters';
import { AddCredentialsAndLimits } from './20261122130000-add-credentials-and-limits';
import { AddTenantAddress } from './20261122190000-add-tenant-address';
import { CreateIdempotencyKeys } from './20261124210000-create-idempotency-keys';
import { CreatePendingSubscriptionStarts } from './20261126100000-create-pending-subscription-starts';
import { UnloggedRateLimitWindows } from './20261126120000-unlogged-rate-limit-windows';
import { CreatePaymentReferences } from './20261128100000-create-payment-references';
import { CreatePendingDunningStarts } from './20261128200000-create-pending-dunning-starts';
import { AddIdempotencyKeyLeases } from './20261129110000-add-idempotency-key-leases';
import { CreatePlatformMailCounts } from './20261129130000-create-platform-mail-counts';
import { CreatePendingWalletWakes } from './20261202100000-create-pending-wallet-wakes';
import { AddPortalWriteScope } from './20261204100000-add-portal-write-scope';
import { AddTestClockScopes } from './20261208110000-add-test-clock-scopes';
import { CreateSandboxCheckouts } from './20261209100000-create-sandbox-checkouts';
import { AddTenantTaxId } from './20261215100000-add-tenant-tax-id';
import { AddPendingDunningTestClock } from './20261216100000-add-pending-dunning-test-clock';

/** The central schema's migrations, oldest first. Append only: a landed migration is never edited or reordered. */
export const centralMigrations: MigrationList = [
  CreateTenantsAndCounters,
  AddCredentialsAndLimits,
  AddTenantAddress,
  CreateIdempotencyKeys,
  CreatePendingSubscriptionStarts,
  UnloggedRateLimitWindows,
  CreatePaymentReferences,
  CreatePendingDunningStarts,
  AddIdempotencyKeyLeases,
  CreatePlatformMailCounts,
  CreatePendingWalletWakes,
  AddPortalWriteScope,
  AddTestClockScopes,
  CreateSandboxCheckouts,
  AddTenantTaxId,
  AddPendingDunningTestClock,
];
