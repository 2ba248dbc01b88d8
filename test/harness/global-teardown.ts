import { dropTestDatabases } from './database-harness';
import { stopTemporalServers } from './temporal-servers';

// eslint-disable-next-line import-x/no-default-export -- jest requires a default export here
export default async function globalTeardown(): Promise<void> {
  await Promise.allSettled([stopTemporalServers(), dropTestDatabases()]);
}
