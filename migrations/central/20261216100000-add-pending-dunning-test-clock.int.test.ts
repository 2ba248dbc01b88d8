import { newId } from '../../infra/ids';
import { useDatabaseBeforeCentralMigration } from '../../test/harness/central-migration';
import { AddPendingDunningTestClock } from './20261216100000-add-pending-dunning-test-clock';

// Its own database, migrated up to the migration before this one, with a start pending as it was then.
describe('the pending dunning test clock migration', () => {
  const database = useDatabaseBeforeCentralMigration(AddPendingDunningTestClock);

  it('keeps a start already pending, as not on a clock (its ladder learns its clock by its first read)', async () => {
    const tenantId = newId('tenant');
    const invoiceId = newId('invoice');
    await database.sql(
      `insert into central.tenants (id, name, company_name, slug, email, password_hash, webhook_signing_secret)
       values (?, 'Owner', 'Company', ?, ?, 'scrypt$not-a-real-hash', 'whsec_test')`,
      [tenantId, tenantId.toLowerCase(), `owner@${tenantId.toLowerCase()}.example`],
    );
    await database.sql('insert into central.pending_dunning_starts (tenant_id, invoice_id) values (?, ?)', [
      tenantId,
      invoiceId,
    ]);

    await database.migrateTheRest();

    expect(
      await database.sql<{ invoice_id: string; on_test_clock: boolean }>(
        'select invoice_id, on_test_clock from central.pending_dunning_starts where tenant_id = ?',
        [tenantId],
      ),
    ).toEqual([{ invoice_id: invoiceId, on_test_clock: false }]);
  });
});
