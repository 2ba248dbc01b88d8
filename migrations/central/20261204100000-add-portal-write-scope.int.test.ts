import { SCOPES } from '../../domain/auth/scopes';
import { useDatabaseBeforeMigration } from '../../test/harness/database-before-migration';
import { AddPortalWriteScope } from './20261204100000-add-portal-write-scope';

// Keys as they were before the migration: only those that held every scope then get the new ones.
describe('the portal:write scope migration', () => {
  const database = useDatabaseBeforeMigration(AddPortalWriteScope);

  it('gives portal:write to keys that held every scope, and to no other', async () => {
    const { sql, insertTenant, insertApiKey, migrateRest } = database();
    const tenantId = await insertTenant({ schema: false });
    const added: readonly string[] = ['portal:write'];
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
