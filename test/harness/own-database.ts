import { createMigratedDatabase, dropDatabase } from './database-harness';

export interface OwnDatabase {
  /** `DATABASE_URL` of the file's own database, for startTestApi's env and spawnWorkerProcess; read it in hooks. */
  env: () => { DATABASE_URL: string };
}

/**
 * A migrated database of the test file's own, from its first hook to its last. For files that run `worker/main.ts` in
 * a process: that process relays every tenant's outbox and starts every tenant's pending dunning, so on the run's shared
 * database it would act on the rows of whatever file jest runs beside it (two at a time). Call it at the file's top
 * level, outside any describe: its beforeAll then runs before the file's others and its afterAll after them.
 */
export function ownDatabase(): OwnDatabase {
  let databaseUrl: string | undefined;
  beforeAll(async () => {
    databaseUrl = await createMigratedDatabase();
  }, 120_000);
  afterAll(async () => {
    if (databaseUrl !== undefined) await dropDatabase(databaseUrl);
  });
  return {
    env: () => {
      if (databaseUrl === undefined) throw new Error('ownDatabase: read env() in a hook or test, after its beforeAll');
      return { DATABASE_URL: databaseUrl };
    },
  };
}
