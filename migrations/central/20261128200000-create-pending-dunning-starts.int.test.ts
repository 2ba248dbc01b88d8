import { tenantSchemaName } from '../../infra/db/tenant-schema';
import { newId } from '../../infra/ids';
import { useDatabaseBeforeMigration } from '../../test/harness/database-before-migration';
import { CreatePendingDunningStarts } from './20261128200000-create-pending-dunning-starts';

// The backfill reads every tenant schema.
describe('the pending dunning starts migration', () => {
  const database = useDatabaseBeforeMigration(CreatePendingDunningStarts);

  async function insertInvoice(tenantId: string, status: string, dueDate: string | null): Promise<string> {
    const { sql } = database();
    const schema = tenantSchemaName(tenantId);
    const customerId = newId('customer');
    await sql(
      `insert into ${schema}.customers (id, external_id, email, currency) values (?, ?, 'c@x.example', 'USD')`,
      [customerId, customerId],
    );
    const invoiceId = newId('invoice');
    await sql(
      `insert into ${schema}.invoices (id, status, customer_id, currency, due_date) values (?, ?, ?, 'USD', ?::timestamptz)`,
      [invoiceId, status, customerId, dueDate],
    );
    return invoiceId;
  }

  it('enters every OPEN invoice with a due date, of every tenant, and nothing else', async () => {
    const { sql, insertTenant, migrateRest } = database();
    const [first, second] = [await insertTenant(), await insertTenant()];
    const due = '2026-12-01T00:00:00Z';
    const expected = [
      { tenant_id: first, invoice_id: await insertInvoice(first, 'OPEN', due) },
      { tenant_id: second, invoice_id: await insertInvoice(second, 'OPEN', due) },
    ];
    await insertInvoice(first, 'DRAFT', null);
    await insertInvoice(first, 'OPEN', null);
    await insertInvoice(second, 'PAID', due);
    await insertInvoice(second, 'VOIDED', due);

    const result = await migrateRest();
    expect(result.central[0]).toBe('20261128200000_create_pending_dunning_starts');

    const rows = await sql<{ tenant_id: string; invoice_id: string }>(
      'select tenant_id, invoice_id from central.pending_dunning_starts',
    );
    expect(rows).toHaveLength(expected.length);
    expect(rows).toEqual(expect.arrayContaining(expected));
  });
});
