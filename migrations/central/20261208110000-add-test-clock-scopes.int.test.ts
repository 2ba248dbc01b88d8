import { SCOPES } from '../../domain/auth/scopes';
import { useDatabaseBeforeMigration } from '../../test/harness/database-before-migration';
import { AddTestClockScopes } from './20261208110000-add-test-clock-scopes';

// Keys as they were before the migration: only those that held every scope then get the new ones.
describe('the test_clocks scopes migration', () => {
  const database = useDatabaseBeforeMigration(AddTestClockScopes);

  it('gives test_clocks:read and test_clocks:write to keys that held every scope, and to no other', async () => {
    const { sql, insertTenant, insertApiKey, migrateRest } = database();
    const tenantId = await insertTenant({ schema: false });
    const added: readonly string[] = ['test_clocks:read', 'test_clocks:write'];
    const allBefore = SCOPES.filter((scope) => !added.includes(scope));
    const everything = await insertApiKey(tenantId, allBefore);
    const limited = await insertApiKey(tenantId, ['customers:read', 'portal:read']);

    await migrateRest();

    const rows = await sql<{ id: string; scopes: string[] }>('select id, scopes from central.api_keys order by id');
    const scopesOf = (id: string) => rows.find((row) => row.id === id)?.scopes;
    expect(scopesOf(everything)).toEqual(expect.arrayContaining([...allBefore, ...added]));
    expect(scopesOf(everything)).toHaveLength(allBefore.length + added.length);
    expect(scopesOf(limited)).toEqual(['customers:read', 'portal:read']);
  });
});
