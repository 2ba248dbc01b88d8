import { requireId } from '../../../domain/ids';
import type { Orm } from '../../../infra/db/orm';
import { tenantSql, type TenantSql } from '../../../infra/db/tenant-sql';
import { createTestOrm } from '../../../test/harness/database';
import { memoryLogger, testConfig } from '../../../test/harness/http-server';
import { insertCustomerRow } from '../../../test/fixtures/customer-rows';
import { createTenantFixture, type TenantFixture } from '../../../test/fixtures/tenant-fixture';
import { tenantSchemaSql } from '../../../test/harness/tenant-schema-sql';
import { softDeleteCustomer, type CustomerSubscriptions } from '../../catalog/customers';
import { createWallet } from './create-wallet';
import { customerWallets } from './customer-wallets';
import { terminateWallet } from './terminate-wallet';
import { updateWallet } from './update-wallet';
import { sendWalletWake, type WalletWake, type WalletWorkflowWaker } from './wallet-wake';
import { sendPendingWalletWakes } from './wallet-wake-loop';

const NOW = new Date('2026-12-01T10:00:00Z');
const LATER = new Date('2027-06-01T00:00:00Z');

/**
 * Every change a wallet's workflow must hear of (a new wallet, a moved expiry, a termination, its customer's
 * deletion) is recorded with the change and cleared only once a wake has been taken: a change is never lost to a
 * Temporal that is down, or to a process that dies between its commit and its signal.
 */
describe('wallet workflow wakes', () => {
  let orm: Orm;
  let tenant: TenantFixture;
  let sql: TenantSql;
  const { logger } = memoryLogger();

  beforeAll(async () => {
    orm = await createTestOrm();
  });
  beforeEach(async () => {
    tenant = await createTenantFixture(orm, testConfig());
    sql = tenantSql(orm, tenant.tenantId);
  });
  afterAll(() => orm.close());

  const schemaSql = tenantSchemaSql(() => ({ orm, tenantId: tenant.tenantId }));
  const owed = async () =>
    (
      await schemaSql<{ wallet_id: string }>(
        'select wallet_id from central.pending_wallet_wakes where tenant_id = ? order by wallet_id',
        [tenant.tenantId],
      )
    ).map((row) => row.wallet_id);

  /** A waker that records what it was asked to wake, optionally running `during` before it answers. */
  function recordingWaker(during?: () => Promise<void>): { wake: WalletWorkflowWaker; woken: WalletWake[] } {
    const woken: WalletWake[] = [];
    return {
      woken,
      wake: async (wake) => {
        woken.push(wake);
        await during?.();
      },
    };
  }
  const failing: WalletWorkflowWaker = () => Promise.reject(new Error('Temporal unreachable'));
  const pass = (wake: WalletWorkflowWaker) =>
    sendPendingWalletWakes({ orm, wake, logger, olderThanMs: 0, tenantId: tenant.tenantId });

  async function newWallet(customerId?: string): Promise<{ walletId: string; customerId: string }> {
    const owner = customerId ?? (await insertCustomerRow(schemaSql));
    const created = await createWallet(sql, {
      customerId: owner,
      name: null,
      rate: { unscaled: 1n, scale: 0 },
      grantedCredits: 500_000n,
      expirationAt: LATER,
      invoiceRequiresSuccessfulPayment: false,
      lowBalanceThresholdCredits: null,
      now: NOW,
    });
    return { walletId: created.wallet.id, customerId: owner };
  }

  it('owes a wake for a new wallet, keeps it while sends fail, clears it once one is taken', async () => {
    const { walletId, customerId } = await newWallet();
    expect(await owed()).toEqual([walletId]);
    // Young rows are left to the request that recorded them.
    const young = { orm, wake: failing, logger, olderThanMs: 60_000, tenantId: tenant.tenantId };
    expect(await sendPendingWalletWakes(young)).toEqual({ woken: [], failed: [], forgotten: [] });
    expect(await pass(failing)).toEqual({ woken: [], failed: [walletId], forgotten: [] });
    expect(await owed()).toEqual([walletId]);

    const { wake, woken } = recordingWaker();
    expect(await pass(wake)).toEqual({ woken: [walletId], failed: [], forgotten: [] });
    expect(woken).toEqual([{ tenantId: tenant.tenantId, walletId, customerId, status: 'ACTIVE' }]);
    expect(await owed()).toEqual([]);
    expect(await pass(wake)).toEqual({ woken: [], failed: [], forgotten: [] });
  });

  it('owes a wake for a moved or cleared expiry and for a termination, not for a rename or a repeated delete', async () => {
    const { walletId } = await newWallet();
    const { wake, woken } = recordingWaker();
    await pass(wake);

    await updateWallet(sql, { walletId, change: { name: 'Renamed' }, now: new Date() });
    expect(await owed()).toEqual([]);
    await updateWallet(sql, { walletId, change: { expirationAt: new Date('2027-09-01T00:00:00Z') }, now: new Date() });
    expect(await owed()).toEqual([walletId]);
    await updateWallet(sql, { walletId, change: { expirationAt: null }, now: new Date() });
    expect(await sendWalletWake({ sql, wake }, walletId)).toBe('woken');
    expect(await sendWalletWake({ sql, wake }, walletId)).toBe('nothing_owed');

    await terminateWallet(sql, { walletId, cause: 'TERMINATION', now: NOW });
    expect(await owed()).toEqual([walletId]);
    await pass(wake);
    await terminateWallet(sql, { walletId, cause: 'TERMINATION', now: NOW });
    expect(await owed()).toEqual([]);
    expect(woken.map((each) => each.status)).toEqual(['ACTIVE', 'ACTIVE', 'TERMINATED']);
  });

  it('keeps owing a change that commits while an earlier wake is being sent', async () => {
    const { walletId } = await newWallet();
    let changed = false;
    // A PATCH commits after the sender read what was owed, before its signal is taken: the workflow may have read
    // the wallet before that PATCH, so its wake must still be sent.
    const { wake, woken } = recordingWaker(async () => {
      if (changed) return;
      changed = true;
      await updateWallet(sql, {
        walletId,
        change: { expirationAt: new Date('2027-08-01T00:00:00Z') },
        now: new Date(),
      });
    });
    expect(await sendWalletWake({ sql, wake }, walletId)).toBe('woken');
    expect(await owed()).toEqual([walletId]);
    expect(await pass(wake)).toEqual({ woken: [walletId], failed: [], forgotten: [] });
    expect(await owed()).toEqual([]);
    expect(woken).toHaveLength(2);
  });

  it('deleting a customer terminates its ACTIVE wallet in the same transaction; a refused delete changes nothing', async () => {
    const { walletId, customerId } = await newWallet();
    const { wake } = recordingWaker();
    await pass(wake);
    const id = requireId('customer', customerId);
    const live: CustomerSubscriptions = { hasLiveSubscriptions: () => Promise.resolve(true) };
    const none: CustomerSubscriptions = { hasLiveSubscriptions: () => Promise.resolve(false) };

    const refused = await softDeleteCustomer(sql, { id, now: NOW, subscriptions: live, wallets: customerWallets });
    expect(refused).toEqual({ ok: false, error: 'customer_has_active_subscriptions' });
    expect(await schemaSql('select status from $schema.wallets where id = ?', [walletId])).toEqual([
      { status: 'ACTIVE' },
    ]);
    expect(await owed()).toEqual([]);

    const deleted = await softDeleteCustomer(sql, { id, now: NOW, subscriptions: none, wallets: customerWallets });
    expect(deleted).toMatchObject({ ok: true, terminatedWalletIds: [walletId] });
    expect(await schemaSql('select status from $schema.wallets where id = ?', [walletId])).toEqual([
      { status: 'TERMINATED' },
    ]);
    expect(await owed()).toEqual([walletId]);
  });
});
