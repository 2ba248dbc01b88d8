import { tenantSql } from '../infra/db/tenant-sql';
import { createWallet, terminateWallet } from '../services/billing/wallets';
import { subscriptionTestClient } from '../test/fixtures/subscription-test-client';
import { waitUntil } from '../test/harness/wait-for';
import { setUpWorkerProcessSuite } from '../test/fixtures/worker-process-suite';
import { walletWorkflowId } from '../workflows/shared/workflow-ids';
import { walletStateQuery } from '../workflows/wallets/messages';
import { ownDatabase } from '../test/harness/own-database';

// worker/main.ts in a process acts on every tenant of its database: this file has its own.
const database = ownDatabase();

const EXPIRY = new Date('2099-01-01T00:00:00.000Z');

/**
 * The worker process sends the wakes a wallet's change owed its workflow when nobody sent them (the process that
 * committed the change died first, or Temporal was down): it starts the workflow of a new wallet and ends that of a
 * deleted one, from the rows the changes committed in `central.pending_wallet_wakes`.
 */
describe('the worker process wakes wallet workflows from pending wakes', () => {
  const { api, tenant, startWorker, centralRows } = setUpWorkerProcessSuite({ database, queue: 'wallet-wakes' });
  const owed = (walletId: string) => centralRows('pending_wallet_wakes', 'wallet_id', walletId);

  it('starts the workflow of a wallet created with no wake sent, and ends it once the wallet is deleted', async () => {
    const customerId = await subscriptionTestClient(api, () => tenant).createCustomer();
    // Through the service, as a request that died after its commit: the wake is only recorded.
    const sql = tenantSql(api.orm, tenant.tenantId);
    const { wallet } = await createWallet(sql, {
      customerId,
      name: null,
      rate: { unscaled: 1n, scale: 0 },
      expirationAt: EXPIRY,
      invoiceRequiresSuccessfulPayment: false,
      lowBalanceThresholdCredits: null,
      now: new Date(),
    });
    expect(await owed(wallet.id)).toBe(1);

    await startWorker();
    await waitUntil('the wallet workflow start', async () => (await owed(wallet.id)) === 0, 30_000);
    const handle = api.temporal.client.workflow.getHandle(walletWorkflowId(tenant.tenantId, wallet.id));
    await waitUntil('the workflow reads the wallet', async () => {
      const view = await handle.query(walletStateQuery);
      return view.status === 'ACTIVE' && view.expirationAt === EXPIRY.toISOString();
    });

    await terminateWallet(sql, { walletId: wallet.id, cause: 'TERMINATION', now: new Date() });
    expect(await owed(wallet.id)).toBe(1);
    await waitUntil(
      'the wallet workflow end',
      async () => (await handle.describe()).status.name === 'COMPLETED',
      30_000,
    );
    // The loop clears the row once the signal call has returned, which can be just after the workflow completed.
    await waitUntil('the termination wake cleared', async () => (await owed(wallet.id)) === 0, 30_000);
  });
});
