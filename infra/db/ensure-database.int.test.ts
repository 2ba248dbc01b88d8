import { loadConfig } from '../config';
import { dropDatabase, uniqueDatabaseUrl } from '../../test/harness/database-harness';
import { ensureDatabaseExists, withMaintenanceConnection } from './ensure-database';

async function databaseExists(databaseUrl: string, name: string): Promise<boolean> {
  return withMaintenanceConnection(databaseUrl, async (execute) => {
    return (await execute('select 1 from pg_database where datname = ?', [name])).length > 0;
  });
}

describe('ensureDatabaseExists', () => {
  const databaseUrl = uniqueDatabaseUrl(loadConfig().databaseUrl);
  const name = new URL(databaseUrl).pathname.slice(1);

  afterAll(async () => {
    await dropDatabase(databaseUrl);
  });

  it('creates a missing database, then leaves the existing one and its contents alone', async () => {
    expect(await databaseExists(databaseUrl, name)).toBe(false);

    expect(await ensureDatabaseExists(databaseUrl)).toBe(true);
    expect(await databaseExists(databaseUrl, name)).toBe(true);

    await withMaintenanceConnection(databaseUrl, async (execute) => {
      await execute(`comment on database "${name}" is 'kept'`);
    });
    expect(await ensureDatabaseExists(databaseUrl)).toBe(false);
    const comments = await withMaintenanceConnection(databaseUrl, (execute) =>
      execute('select shobj_description(oid, ?) as comment from pg_database where datname = ?', ['pg_database', name]),
    );
    expect(comments).toEqual([{ comment: 'kept' }]);
  });

  it('refuses a database name that is not a plain identifier', async () => {
    const url = new URL(databaseUrl);
    url.pathname = `/${encodeURIComponent('x"; drop database billing; --')}`;

    await expect(ensureDatabaseExists(url.toString())).rejects.toThrow('unsafe SQL identifier');
  });
});
