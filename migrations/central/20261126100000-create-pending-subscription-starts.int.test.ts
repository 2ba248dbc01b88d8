import { provisionTenantSchema } from '../../infra/db/tenant-schema';
import { useDatabaseBeforeMigration } from '../../test/harness/database-before-migration';
import { insertSubscriptionRow } from '../../test/fixtures/subscription-rows';
import { CreatePendingSubscriptionStarts } from './20261126100000-create-pending-subscription-starts';

// The backfill reads every tenant schema.
describe('the pending subscription starts migration', () => {
  const database = useDatabaseBeforeMigration(CreatePendingSubscriptionStarts);

  it('enters every subscription of every tenant still waiting for its workflow, with its creation instant', async () => {
    const { orm, sql, insertTenant, migrateRest } = database();
    const [first, second, withoutSchema] = [
      await insertTenant({ schema: false }),
      await insertTenant({ schema: false }),
      await insertTenant({ schema: false }),
    ];
    await provisionTenantSchema({ orm, tenantId: first });
    await provisionTenantSchema({ orm, tenantId: second });
    const insertSubscription = (tenantId: string, options: { started: boolean }) =>
      insertSubscriptionRow(sql, tenantId, options);
    const waiting = [
      { tenantId: first, id: await insertSubscription(first, { started: false }) },
      { tenantId: second, id: await insertSubscription(second, { started: false }) },
    ];
    await insertSubscription(first, { started: true });

    const result = await migrateRest();
    // The migrations after it run too: what matters is that this one ran now, over the rows inserted above.
    expect(result.central[0]).toBe('20261126100000_create_pending_subscription_starts');
    expect(result.tenants.map((tenant) => tenant.tenantId)).toContain(withoutSchema);

    const rows = await sql<{ tenant_id: string; subscription_id: string; waited: boolean }>(
      `select tenant_id, subscription_id, created_at < now() - interval '59 minutes' as waited
         from central.pending_subscription_starts`,
    );
    const expected = waiting.map(({ tenantId, id }) => ({ tenant_id: tenantId, subscription_id: id, waited: true }));
    expect(rows).toHaveLength(expected.length);
    expect(rows).toEqual(expect.arrayContaining(expected));
  });
});
