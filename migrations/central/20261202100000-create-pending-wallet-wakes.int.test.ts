import { tenantSchemaName } from '../../infra/db/tenant-schema';
import { newId } from '../../infra/ids';
import { useDatabaseBeforeMigration } from '../../test/harness/database-before-migration';
import { CreatePendingWalletWakes } from './20261202100000-create-pending-wallet-wakes';

// The backfill reads every tenant schema.
describe('the pending wallet wakes migration', () => {
  const database = useDatabaseBeforeMigration(CreatePendingWalletWakes);

  async function insertWallet(tenantId: string, status: 'ACTIVE' | 'TERMINATED'): Promise<string> {
    const { sql } = database();
    const schema = tenantSchemaName(tenantId);
    const customerId = newId('customer');
    await sql(
      `insert into ${schema}.customers (id, external_id, email, currency) values (?, ?, 'c@x.example', 'USD')`,
      [customerId, customerId],
    );
    const walletId = newId('wallet');
    await sql(
      `insert into ${schema}.wallets (id, customer_id, currency, rate_amount, status, terminated_at)
       values (?, ?, 'USD', 1, ?, case when ? = 'TERMINATED' then now() end)`,
      [walletId, customerId, status, status],
    );
    return walletId;
  }

  it('owes a wake to every ACTIVE wallet, of every tenant, and to nothing else', async () => {
    const { sql, insertTenant, migrateRest } = database();
    const [first, second] = [await insertTenant(), await insertTenant()];
    const expected = [
      { tenant_id: first, wallet_id: await insertWallet(first, 'ACTIVE') },
      { tenant_id: second, wallet_id: await insertWallet(second, 'ACTIVE') },
    ];
    await insertWallet(first, 'TERMINATED');
    await insertWallet(second, 'TERMINATED');

    const result = await migrateRest();
    expect(result.central[0]).toBe('20261202100000_create_pending_wallet_wakes');

    const rows = await sql<{ tenant_id: string; wallet_id: string; version: string }>(
      'select tenant_id, wallet_id, version::text from central.pending_wallet_wakes',
    );
    expect(rows).toHaveLength(expected.length);
    expect(rows).toEqual(expect.arrayContaining(expected.map((row) => ({ ...row, version: '1' }))));
  });
});
