import { workerDatabaseUrl } from './database-harness';

// Runs before every test file (jest's setupFiles): the file works on its jest worker's database (database-harness.ts
// says why there is one per worker). Worker processes and APIs the file starts inherit it through the environment.
const databaseUrl = workerDatabaseUrl(Number(process.env.JEST_WORKER_ID ?? '1'));
if (databaseUrl !== undefined) process.env.DATABASE_URL = databaseUrl;
