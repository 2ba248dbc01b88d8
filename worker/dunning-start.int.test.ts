import { subscriptionTestClient } from '../test/fixtures/subscription-test-client';
import { waitUntil } from '../test/harness/wait-for';
import { setUpWorkerProcessSuite } from '../test/fixtures/worker-process-suite';
import { dunningWorkflowId } from '../workflows/shared/workflow-ids';
import { ownDatabase } from '../test/harness/own-database';

// worker/main.ts in a process acts on every tenant of its database: this file has its own.
const database = ownDatabase();

/**
 * The worker process starts the dunning of an invoice finalized through the API (CONTRACT §12), from the row the
 * finalize committed, even when no worker ran at the time: the start waits in `central.pending_dunning_starts`.
 */
describe('the worker process starts dunning from pending starts', () => {
  const { api, tenant, startWorker, centralRows } = setUpWorkerProcessSuite({ database, queue: 'dunning-start' });
  const pending = (invoiceId: string) => centralRows('pending_dunning_starts', 'invoice_id', invoiceId);

  it('finalize with no worker running leaves the start pending; a worker started later starts the workflow', async () => {
    const client = subscriptionTestClient(api, () => tenant);
    const customerId = await client.createCustomer();
    const invoice = await client.call('POST', '/invoices', {
      body: { customerId, items: [{ description: 'Setup', quantity: 1, unitAmount: 120 }] },
    });
    expect(invoice.status).toBe(201);
    const invoiceId = String(invoice.body.id);
    expect((await client.call('POST', `/invoices/${invoiceId}/finalize`)).body.status).toBe('OPEN');
    expect(await pending(invoiceId)).toBe(1);

    await startWorker();
    await waitUntil('the dunning start', async () => (await pending(invoiceId)) === 0, 30_000);
    const handle = api.temporal.client.workflow.getHandle(dunningWorkflowId(tenant.tenantId, invoiceId));
    expect((await handle.describe()).status.name).toBe('RUNNING');
    await handle.terminate('test over');
  });
});
