// First: source maps for our own modules only (the file says why).
import '../infra/process/own-source-maps';
import { loadConfig } from '../infra/config';
import { ConfigError } from '../infra/config-error';
import { databaseNameFromUrl, ensureDatabaseExists } from '../infra/db/ensure-database';
import { migrateAll } from '../infra/db/migrate-all';
import { createLogger } from '../infra/logger';

/** `npm run migrate`: creates the database if missing, then migrates the central schema and every tenant. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger({ level: config.logLevel, name: 'migrate' });
  if (await ensureDatabaseExists(config.databaseUrl)) {
    logger.info({ database: databaseNameFromUrl(config.databaseUrl) }, 'database created');
  }
  await migrateAll({ config, logger });
}

function describeFailure(error: unknown): string {
  if (error instanceof ConfigError) return error.message;
  if (error instanceof Error) return error.stack ?? error.message;
  return String(error);
}

// Exit explicitly: a connection left open by a failure must not keep a deploy step waiting.
main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`migrate failed: ${describeFailure(error)}\n`);
    process.exit(1);
  },
);
