import { loadConfig } from '../../infra/config';
import type { Orm } from '../../infra/db/orm';
import { createLogger } from '../../infra/logger';
import { newId } from '../../infra/ids';
import { createTestOrm } from '../../test/harness/database';
import { insertSubscriptionRow } from '../../test/fixtures/subscription-rows';
import { createTenantFixture, type TenantFixture } from '../../test/fixtures/tenant-fixture';
import type { BillingErrorInput } from '../../workflows/subscriptions/wire';
import { createActivities } from '..';
import { tenantSchemaSql } from '../../test/harness/tenant-schema-sql';

/** The two activities the workflow calls around a period it cannot invoice, as the worker registers them. */
describe('recordBillingError and clearBillingError activities', () => {
  let orm: Orm;
  let tenant: TenantFixture;

  beforeAll(async () => {
    orm = await createTestOrm();
    tenant = await createTenantFixture(orm, loadConfig());
  });
  afterAll(() => orm.close());

  const execute = tenantSchemaSql(() => ({ orm, tenantId: tenant.tenantId }));
  const activities = () => createActivities({ orm, logger: createLogger({ level: 'silent', name: 'billing-error' }) });
  const billingError = async (id: string) =>
    (await execute<{ billing_error: unknown }>('select billing_error from $schema.subscriptions where id = ?', [id]))[0]
      ?.billing_error;

  it('store the wire input as the subscription’s billing error, then clear it', async () => {
    const subscriptionId = await insertSubscriptionRow(execute, tenant.tenantId, { started: true });
    const input: BillingErrorInput = {
      tenantId: tenant.tenantId,
      subscriptionId,
      code: 'amount_out_of_range',
      message: 'beyond the money maximum',
      period: { start: '2026-01-01T00:00:00.000Z', end: '2026-02-01T00:00:00.000Z' },
      now: '2026-02-01T00:00:05.000Z',
    };
    await activities().recordBillingError(input);
    await activities().recordBillingError(input);
    expect(await billingError(subscriptionId)).toEqual({
      code: 'amount_out_of_range',
      message: 'beyond the money maximum',
      periodStart: '2026-01-01T00:00:00.000Z',
      periodEnd: '2026-02-01T00:00:00.000Z',
      occurredAt: '2026-02-01T00:00:05.000Z',
    });
    const [events] = await execute<{ count: string }>(
      `select count(*) from $schema.webhook_events where event_type = 'invoice.generation_failed'
          and data ->> 'subscriptionId' = ?`,
      [subscriptionId],
    );
    expect(Number(events?.count)).toBe(1);
    await activities().clearBillingError({ tenantId: tenant.tenantId, subscriptionId });
    expect(await billingError(subscriptionId)).toBeNull();
  });

  it('complete without effect for a subscription that no longer exists', async () => {
    const ref = { tenantId: tenant.tenantId, subscriptionId: newId('subscription') };
    const period = { start: '2026-01-01T00:00:00.000Z', end: '2026-02-01T00:00:00.000Z' };
    const input: BillingErrorInput = { ...ref, code: 'amount_out_of_range', message: 'x', period, now: period.end };
    await expect(activities().recordBillingError(input)).resolves.toBeUndefined();
    await expect(activities().clearBillingError(ref)).resolves.toBeUndefined();
  });
});
