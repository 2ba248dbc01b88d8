import { newId } from '../../infra/ids';
import { loadConfig, type Config } from '../../infra/config';
import { createOrm, type CreateOrmOptions, type Orm } from '../../infra/db/orm';

/** An ORM on the run's test database (DATABASE_URL, set by the global setup); close it in afterAll. */
export async function createTestOrm(options: CreateOrmOptions = {}): Promise<Orm> {
  return createOrm(loadConfig(), { poolMax: 4, ...options });
}

/** A fresh, valid tenant id. */
export function newTenantId(): string {
  return newId('tenant');
}

/** The run's configuration pointed at another database (e.g. one from createMigratedDatabase). */
export function configForDatabase(databaseUrl: string): Config {
  return loadConfig({ ...process.env, DATABASE_URL: databaseUrl });
}
