import { newId } from '../../infra/ids';
import { useDatabaseBeforeCentralMigration } from '../../test/harness/central-migration';
import { AddTenantTaxId } from './20261215100000-add-tenant-tax-id';

// Its own database, migrated up to the migration before this one, with a tenant as it was then.
describe('the tenant tax id migration', () => {
  const database = useDatabaseBeforeCentralMigration(AddTenantTaxId);
  const sql = database.sql;

  it('leaves existing tenants without a tax id, and takes 1 to 50 characters', async () => {
    const tenantId = newId('tenant');
    await sql(
      `insert into central.tenants (id, name, company_name, slug, email, password_hash, webhook_signing_secret)
       values (?, 'Owner', 'Company', ?, ?, 'scrypt$not-a-real-hash', 'whsec_test')`,
      [tenantId, tenantId.toLowerCase(), `owner@${tenantId.toLowerCase()}.example`],
    );

    await database.migrateTheRest();

    const [row] = await sql<{ tax_id: string | null }>('select tax_id from central.tenants where id = ?', [tenantId]);
    expect(row?.tax_id).toBeNull();
    await sql('update central.tenants set tax_id = ? where id = ?', ['X'.repeat(50), tenantId]);
    await expect(sql('update central.tenants set tax_id = ? where id = ?', ['X'.repeat(51), tenantId])).rejects.toThrow(
      /check constraint/,
    );
    await expect(sql('update central.tenants set tax_id = ? where id = ?', ['', tenantId])).rejects.toThrow(
      /check constraint/,
    );
  });
});
