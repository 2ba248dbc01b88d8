import { MikroORM } from '@mikro-orm/postgresql';
import type { MigrationList } from '../../migrations/migration-list';
import { tenantMigrations } from '../../migrations/tenant';
import type { Config } from '../config';
import type { Logger } from '../logger';
import { migrationsOptions } from './migrator';

export type Orm = MikroORM;

export interface CreateOrmOptions {
  /** Most pooled connections this process opens (default 10). Every API and worker process has its own pool. */
  poolMax?: number;
  /**
   * The migration set this ORM's migrator runs (default: the tenant set, which the API needs to provision a
   * schema at registration). `migrateAll` passes the central set; tests pass lists with a failing migration.
   */
  migrations?: MigrationList;
  /** Receives MikroORM's own messages (deprecations, pool warnings) instead of the console. */
  logger?: Logger;
}

const DEFAULT_POOL_MAX = 10;
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * The ORM for one process: one connection pool for every tenant, and the migrator. It maps no entities: stores run
 * SQL through `sqlOf` and `tenantSql`, which names the tenant's schema in every statement. Never run
 * `orm.schema.update()` against this database: it would drop every tenant schema. The schema changes through
 * migrations only.
 */
export async function createOrm(config: Config, options: CreateOrmOptions = {}): Promise<Orm> {
  const { logger } = options;
  return MikroORM.init({
    clientUrl: config.databaseUrl,
    entities: [],
    discovery: { warnWhenNoEntities: false },
    pool: { min: 0, max: options.poolMax ?? DEFAULT_POOL_MAX, idleTimeoutMillis: 30_000 },
    // Handed to pg's Pool: without it a connection attempt to an unreachable server waits forever.
    driverOptions: { connectionTimeoutMillis: CONNECT_TIMEOUT_MS },
    migrations: migrationsOptions(options.migrations ?? tenantMigrations),
    debug: false,
    colors: false,
    // Stores run SQL, never the EntityManager's unit of work; refusing the global one catches a slip (shared state).
    allowGlobalContext: false,
    // Creating a missing database is the migrate command's job; the app fails instead.
    ensureDatabase: false,
    ...(logger === undefined
      ? {}
      : {
          logger: (message: string) => {
            logger.warn({ orm: message }, 'mikro-orm');
          },
        }),
  });
}

const PING_TIMEOUT_MS = 2_000;

/** For health checks: one `select 1`, rejected when the database does not answer within two seconds. */
export async function pingDatabase(orm: Orm, timeoutMs = PING_TIMEOUT_MS): Promise<void> {
  await orm.em.fork().execute('select 1', [], {
    signal: AbortSignal.timeout(timeoutMs),
    inflightQueryAbortStrategy: 'cancel query',
  });
}
