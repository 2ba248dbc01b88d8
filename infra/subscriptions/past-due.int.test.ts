import type { EntityManager } from '@mikro-orm/postgresql';
import { loadConfig } from '../config';
import type { Orm } from '../db/orm';
import { tenantSchemaName } from '../db/tenant-schema';
import { newId } from '../ids';
import { createTestOrm } from '../../test/database';
import { createTenantFixture, type TenantFixture } from '../../test/tenant-fixture';
import { markSubscriptionPastDue } from './past-due';
import type { SubscriptionStatus } from './subscription-records';

const NOW = new Date('2026-11-22T10:00:00.000Z');
const LATER = new Date('2026-11-29T10:00:00.000Z');

describe('markSubscriptionPastDue', () => {
  let orm: Orm;
  let tenant: TenantFixture;
  let em: EntityManager;

  beforeAll(async () => {
    orm = await createTestOrm({ poolMax: 4 });
  });
  afterAll(() => orm.close());
  beforeEach(async () => {
    tenant = await createTenantFixture(orm, loadConfig());
    em = orm.em.fork({ schema: tenantSchemaName(tenant.tenantId) });
  });

  const sql = <T>(text: string, params: unknown[] = []) =>
    orm.em.getConnection().execute<T[]>(text.replaceAll('$schema', `"${tenantSchemaName(tenant.tenantId)}"`), params);
  const subscription = async (status: SubscriptionStatus) => {
    const [customerId, planId, id] = [newId('customer'), newId('plan'), newId('subscription')];
    await sql('insert into $schema.customers (id, external_id, email, currency) values (?, ?, ?, ?)', [
      customerId,
      customerId,
      `${customerId}@example.com`,
      'USD',
    ]);
    await sql("insert into $schema.plans (id, name, code, billing_interval) values (?, 'Pro', ?, 'MONTHLY')", [
      planId,
      planId.toLowerCase(),
    ]);
    await sql(
      `insert into $schema.subscriptions (id, customer_id, plan_id, currency, status, start_date, billing_anchor)
       values (?, ?, ?, 'USD', ?, ?, ?)`,
      [id, customerId, planId, status, NOW, NOW],
    );
    return id;
  };
  const events = () =>
    sql<{ event_type: string; data: Record<string, unknown>; occurred_at: string }>(
      'select event_type, data, occurred_at from $schema.webhook_events order by created_at',
    );

  test('an ACTIVE subscription becomes PAST_DUE and records subscription.past_due with the record, once', async () => {
    const id = await subscription('ACTIVE');

    const result = await markSubscriptionPastDue(em, id, LATER);

    expect(result).toMatchObject({ ok: true, changed: true, subscription: { id, status: 'PAST_DUE' } });
    const [event, ...others] = await events();
    expect(others).toEqual([]);
    expect(event?.event_type).toBe('subscription.past_due');
    expect(new Date(String(event?.occurred_at))).toEqual(LATER);
    expect(event?.data).toMatchObject({ id, status: 'PAST_DUE', updatedAt: LATER.toISOString() });

    // A retried call (the payment workflow's activity) finds it done: no second event.
    expect(await markSubscriptionPastDue(em, id, LATER)).toMatchObject({ ok: true, changed: false });
    expect(await events()).toHaveLength(1);
  });

  test.each<SubscriptionStatus>(['TRIALING', 'PAUSED', 'CANCELED'])(
    'a %s subscription is an invalid transition: unchanged, no event',
    async (status) => {
      const id = await subscription(status);
      expect(await markSubscriptionPastDue(em, id, LATER)).toEqual({
        ok: false,
        error: { code: 'invalid_state_transition', status },
      });
      expect(await events()).toEqual([]);
      const [row] = await sql<{ status: string }>('select status from $schema.subscriptions where id = ?', [id]);
      expect(row?.status).toBe(status);
    },
  );

  test('an unknown subscription is not found', async () => {
    expect(await markSubscriptionPastDue(em, newId('subscription'), LATER)).toEqual({
      ok: false,
      error: { code: 'subscription_not_found' },
    });
  });
});
