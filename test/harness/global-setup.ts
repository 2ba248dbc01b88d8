import { createTestDatabase } from './database-harness';
import { startTemporalServers } from './temporal-servers';

/**
 * Runs once per jest run, before any test file: an own PostgreSQL database and own Temporal servers,
 * handed to test files through the environment that infra/config.ts reads (jest workers inherit it).
 */
// eslint-disable-next-line import-x/no-default-export -- jest requires a default export here
export default async function globalSetup(): Promise<void> {
  process.env.NODE_ENV = 'test';
  process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = 'true';
  await Promise.all([createTestDatabase(), startTemporalServers()]);
}
