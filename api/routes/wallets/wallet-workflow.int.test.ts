import { WorkflowNotFoundError } from '@temporalio/common';
import { temporalWalletWaker } from '../../../services/billing/wallets';
import type { Json } from '../../../test/harness/api-client';
import { setUpResourceTest } from '../../../test/fixtures/resource-test';
import { waitFor } from '../../../test/scenarios/subscription-scenario';
import { walletStateQuery } from '../../../workflows/wallets/messages';
import type { walletWorkflow } from '../../../workflows/wallets/wallet.workflow';
import { walletWorkflowId } from '../../../workflows/shared/workflow-ids';

const FUTURE = '2099-01-01T00:00:00.000Z';
const LATER = '2099-06-30T12:00:00.000Z';

/**
 * The wallet's workflow through the API, on the dev server with a worker of the real workflows and activities: a new
 * wallet's workflow starts, PATCH wakes it, and DELETE of the wallet or of its customer ends it.
 */
describe('wallet workflows through the API', () => {
  const { api, call, sql, createCustomer, tenant, worker } = setUpResourceTest({ worker: true });

  const handleOf = (walletId: string) =>
    worker.env.client.workflow.getHandle<typeof walletWorkflow>(walletWorkflowId(tenant.tenantId, walletId));
  const workflowSees = (walletId: string, expirationAt: string | null) =>
    waitFor(
      () => handleOf(walletId).query(walletStateQuery),
      (view) => view.expirationAt === expirationAt,
    );
  const workflowEnds = async (walletId: string) => {
    const status = await waitFor(
      async () => (await handleOf(walletId).describe()).status.name,
      (name) => name !== 'RUNNING',
    );
    return { status, outcome: status === 'COMPLETED' ? await handleOf(walletId).result() : undefined };
  };
  const outboxTypes = async () =>
    (await sql<{ event_type: string }>('select event_type from $schema.webhook_events order by occurred_at, id')).map(
      (row) => row.event_type,
    );
  const owedWakes = async () =>
    (await sql('select 1 from central.pending_wallet_wakes where tenant_id = ?', [tenant.tenantId])).length;
  async function createWallet(body: Json): Promise<string> {
    const created = await call('POST', '/wallets', { body });
    expect(created.status).toBe(201);
    return String(created.body.id);
  }

  it('starts a new wallet’s workflow, wakes it on PATCH with the new expiry, and DELETE ends it', async () => {
    const walletId = await createWallet({ customerId: await createCustomer(), expirationAt: FUTURE });
    expect(await workflowSees(walletId, FUTURE)).toMatchObject({ status: 'ACTIVE', expirationAt: FUTURE });
    expect((await call('PATCH', `/wallets/${walletId}`, { body: { expirationAt: LATER } })).status).toBe(200);
    expect(await workflowSees(walletId, LATER)).toMatchObject({ status: 'ACTIVE', expirationAt: LATER });
    expect((await call('PATCH', `/wallets/${walletId}`, { body: { expirationAt: null } })).status).toBe(200);
    expect(await workflowSees(walletId, null)).toMatchObject({ status: 'ACTIVE', expirationAt: null });

    expect((await call('DELETE', `/wallets/${walletId}`)).status).toBe(200);
    expect(await workflowEnds(walletId)).toEqual({ status: 'COMPLETED', outcome: 'terminated' });
    // Deleting it again answers it as it is: nothing is owed to its ended workflow.
    expect((await call('DELETE', `/wallets/${walletId}`)).status).toBe(200);
    expect((await handleOf(walletId).describe()).status.name).toBe('COMPLETED');
    expect(await owedWakes()).toBe(0);
  });

  it('DELETE /customers/:id terminates the customer’s wallet: the rest voided as TERMINATION, its workflow ended', async () => {
    const customerId = await createCustomer();
    const walletId = await createWallet({ customerId, grantedCredits: 12.5, expirationAt: FUTURE });
    await workflowSees(walletId, FUTURE);

    const deleted = await call('DELETE', `/customers/${customerId}`);
    expect(deleted.status).toBe(200);
    const wallet = await call('GET', `/wallets/${walletId}`);
    expect(wallet.body).toMatchObject({ status: 'TERMINATED', creditsBalance: 0, balance: 0 });
    expect(wallet.body.terminatedAt).toEqual(expect.any(String));
    const transactions = (await call('GET', `/wallets/${walletId}/transactions`)).body.data as Json[];
    expect(transactions.map((transaction) => [transaction.source, transaction.transactionType])).toEqual([
      ['TERMINATION', 'OUTBOUND'],
      ['GRANT', 'INBOUND'],
    ]);
    expect(transactions[0]).toMatchObject({ creditAmount: 12.5, amount: 12.5, status: 'SETTLED' });
    expect((await outboxTypes()).filter((type) => type.startsWith('wallet.'))).toEqual([
      'wallet.created',
      'wallet.transaction.created',
      'wallet.transaction.created',
      'wallet.terminated',
    ]);
    expect(await workflowEnds(walletId)).toEqual({ status: 'COMPLETED', outcome: 'terminated' });
    expect(await owedWakes()).toBe(0);
  });

  it('deletes a customer whose wallet is already TERMINATED without touching it', async () => {
    const customerId = await createCustomer();
    const walletId = await createWallet({ customerId, grantedCredits: 3 });
    const terminated = await call('DELETE', `/wallets/${walletId}`);
    expect((await call('DELETE', `/customers/${customerId}`)).status).toBe(200);
    expect((await call('GET', `/wallets/${walletId}`)).body).toMatchObject({
      status: 'TERMINATED',
      terminatedAt: terminated.body.terminatedAt,
    });
    const transactions = (await call('GET', `/wallets/${walletId}/transactions`)).body.data as Json[];
    expect(transactions.map((transaction) => transaction.source)).toEqual(['TERMINATION', 'GRANT']);
    expect((await outboxTypes()).filter((type) => type === 'wallet.terminated')).toHaveLength(1);
  });

  it('a termination wake for a wallet whose workflow never ran ends nothing and starts nothing', async () => {
    const walletId = 'wal_01JD0000000000000000000000';
    const wake = temporalWalletWaker(api.temporal);
    await wake({
      tenantId: tenant.tenantId,
      walletId,
      customerId: 'cust_01JD0000000000000000000000',
      status: 'TERMINATED',
    });
    await expect(handleOf(walletId).describe()).rejects.toBeInstanceOf(WorkflowNotFoundError);
  });
});
