import type { MigrationList } from '../../migrations/migration-list';
import { centralMigrations } from '../../migrations/central';
import { tenantMigrations } from '../../migrations/tenant';
import type { Config } from '../config';
import type { Logger } from '../logger';
import { migrateSchema } from './migrator';
import { createOrm, type Orm } from './orm';
import { listTenantIds, listTenantSchemas, provisionTenantSchema, tenantSchemaName } from './tenant-schema';

export const CENTRAL_SCHEMA = 'central';

export interface MigrateAllResult {
  central: string[];
  tenants: { tenantId: string; schema: string; applied: string[] }[];
}

/**
 * Brings the whole database up to date: the central schema first, then every tenant in `central.tenants`, one
 * after another (each tenant in its own transaction). Stops at the first failure: tenants already done stay
 * done, and a re-run carries on from there. A tenant row without a schema (a registration that crashed) gets
 * one. `migrations` replaces the sets, for tests.
 */
export async function migrateAll(options: {
  config: Config;
  logger: Logger;
  migrations?: { central?: MigrationList; tenant?: MigrationList };
}): Promise<MigrateAllResult> {
  const { config, logger } = options;
  const central = await migrateCentral({
    config,
    logger,
    migrations: options.migrations?.central ?? centralMigrations,
  });
  const orm = await createOrm(config, {
    poolMax: 1,
    logger,
    migrations: options.migrations?.tenant ?? tenantMigrations,
  });
  try {
    const tenantIds = await listTenantIds(orm);
    const tenants: MigrateAllResult['tenants'] = [];
    for (const tenantId of tenantIds) {
      const { schema, applied } = await provisionTenantSchema({ orm, tenantId });
      if (applied.length > 0) logger.info({ tenantId, schema, applied }, 'tenant schema migrated');
      tenants.push({ tenantId, schema, applied });
    }
    await warnAboutOrphanSchemas(orm, tenantIds, logger);
    const migratedTenants = tenants.filter((tenant) => tenant.applied.length > 0).length;
    logger.info({ tenants: tenantIds.length, migratedTenants }, 'tenant schemas up to date');
    return { central, tenants };
  } finally {
    await orm.close();
  }
}

async function migrateCentral(options: {
  config: Config;
  logger: Logger;
  migrations: MigrationList;
}): Promise<string[]> {
  const { config, logger, migrations } = options;
  const orm = await createOrm(config, { poolMax: 1, logger, migrations });
  try {
    const applied = await migrateSchema({ orm, schema: CENTRAL_SCHEMA });
    logger.info(
      { schema: CENTRAL_SCHEMA, applied },
      applied.length > 0 ? 'central schema migrated' : 'central schema up to date',
    );
    return applied;
  } finally {
    await orm.close();
  }
}

async function warnAboutOrphanSchemas(orm: Orm, tenantIds: readonly string[], logger: Logger): Promise<void> {
  const expected = new Set(tenantIds.map(tenantSchemaName));
  const orphans = (await listTenantSchemas(orm)).filter((schema) => !expected.has(schema));
  if (orphans.length > 0) logger.warn({ orphans }, 'tenant schemas without a tenant row (not migrated)');
}
