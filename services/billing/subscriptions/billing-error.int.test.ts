import { loadConfig } from '../../../infra/config';
import type { Orm } from '../../../infra/db/orm';
import { tenantSql, type TenantSql } from '../../../infra/db/tenant-sql';
import { newId } from '../../../infra/ids';
import { createTestOrm } from '../../../test/harness/database';
import { insertSubscriptionRow } from '../../../test/fixtures/subscription-rows';
import { createTenantFixture, type TenantFixture } from '../../../test/fixtures/tenant-fixture';
import { clearBillingError, recordBillingError, type BillingErrorReport } from './billing-error';
import { findSubscription } from './subscription-records';
import { subscriptionView } from './subscription-view';
import { tenantSchemaSql } from '../../../test/harness/tenant-schema-sql';

const JANUARY = { start: new Date('2026-01-01T00:00:00.000Z'), end: new Date('2026-02-01T00:00:00.000Z') };
const FEBRUARY = { start: JANUARY.end, end: new Date('2026-03-01T00:00:00.000Z') };
const MESSAGE = 'An amount of 10000000000000 minor units of USD is beyond the money maximum of 99999999999.99';

describe('a subscription’s billing error (PostgreSQL)', () => {
  let orm: Orm;
  let tenant: TenantFixture;
  let sql: TenantSql;
  let subscriptionId: string;

  const execute = tenantSchemaSql(() => ({ orm, tenantId: tenant.tenantId }));
  beforeAll(async () => {
    orm = await createTestOrm();
    tenant = await createTenantFixture(orm, loadConfig());
    sql = tenantSql(orm, tenant.tenantId);
  });
  afterAll(() => orm.close());
  beforeEach(async () => {
    subscriptionId = await insertSubscriptionRow(execute, tenant.tenantId, { started: true });
  });

  const failures = () =>
    execute<{ data: Record<string, unknown>; occurred_at: string }>(
      `select data, occurred_at from $schema.webhook_events
        where event_type = 'invoice.generation_failed' and data ->> 'subscriptionId' = ? order by id`,
      [subscriptionId],
    );
  const report = (extra: Partial<BillingErrorReport> = {}): BillingErrorReport => ({
    subscriptionId,
    code: 'amount_out_of_range',
    message: MESSAGE,
    period: JANUARY,
    now: new Date('2026-02-01T00:00:05.000Z'),
    ...extra,
  });
  const stored = async () => (await findSubscription(sql, subscriptionId))?.billingError;

  it('shows the failure on the subscription and records invoice.generation_failed once, however often it is reported', async () => {
    const recorded = await recordBillingError(sql, report());
    const expected = {
      code: 'amount_out_of_range',
      message: MESSAGE,
      periodStart: JANUARY.start,
      periodEnd: JANUARY.end,
      occurredAt: new Date('2026-02-01T00:00:05.000Z'),
    };
    expect(recorded?.billingError).toEqual(expected);
    expect(recorded?.updatedAt).toEqual(new Date('2026-02-01T00:00:05.000Z'));
    // An activity retry: the same code and period, found later, perhaps worded anew.
    const again = await recordBillingError(sql, report({ message: 'again', now: new Date('2026-02-01T00:01:00Z') }));
    expect(again?.billingError).toEqual(expected);
    expect(await stored()).toEqual(expected);

    const events = await failures();
    expect(events).toHaveLength(1);
    expect(events[0]?.data).toEqual({
      subscriptionId,
      customerId: recorded?.customerId,
      code: 'amount_out_of_range',
      message: MESSAGE,
      periodStart: '2026-01-01T00:00:00.000Z',
      periodEnd: '2026-02-01T00:00:00.000Z',
    });
    expect(new Date(events[0]?.occurred_at ?? 0)).toEqual(new Date('2026-02-01T00:00:05.000Z'));
    // The API's view (GET and the subscription events) shows it with ISO instants.
    expect(recorded === undefined ? undefined : subscriptionView(recorded).billingError).toEqual({
      code: 'amount_out_of_range',
      message: MESSAGE,
      periodStart: '2026-01-01T00:00:00.000Z',
      periodEnd: '2026-02-01T00:00:00.000Z',
      occurredAt: '2026-02-01T00:00:05.000Z',
    });
  });

  it('a failure of a later period replaces the stored one, with an event of its own', async () => {
    await recordBillingError(sql, report());
    await recordBillingError(sql, report({ period: FEBRUARY, now: new Date('2026-03-01T00:00:05.000Z') }));
    expect(await stored()).toMatchObject({ periodStart: FEBRUARY.start, periodEnd: FEBRUARY.end });
    expect((await failures()).map((event) => event.data.periodStart)).toEqual([
      '2026-01-01T00:00:00.000Z',
      '2026-02-01T00:00:00.000Z',
    ]);
  });

  it('clearing removes the error without an event, and clearing again changes nothing', async () => {
    await recordBillingError(sql, report());
    const clearedAt = new Date('2027-03-04T05:06:07.000Z');
    const cleared = await clearBillingError(sql, { subscriptionId, now: clearedAt });
    expect(cleared?.billingError).toBeNull();
    expect(await stored()).toBeNull();
    expect(cleared?.updatedAt).toEqual(clearedAt);
    const again = await clearBillingError(sql, { subscriptionId, now: new Date('2027-03-05T00:00:00.000Z') });
    expect(again?.updatedAt).toEqual(clearedAt);
    expect(await failures()).toHaveLength(1);
    // After a clear, the same period failing again is news: shown and sent again.
    await recordBillingError(sql, report());
    expect(await stored()).not.toBeNull();
    expect(await failures()).toHaveLength(2);
  });

  it('does nothing for a subscription that does not exist', async () => {
    const unknown = newId('subscription');
    expect(await recordBillingError(sql, report({ subscriptionId: unknown }))).toBeUndefined();
    expect(await clearBillingError(sql, { subscriptionId: unknown, now: new Date() })).toBeUndefined();
    const [row] = await execute<{ count: string }>(
      `select count(*) from $schema.webhook_events where data ->> 'subscriptionId' = ?`,
      [unknown],
    );
    expect(Number(row?.count)).toBe(0);
  });

  it('stores only an object or null', async () => {
    await expect(
      execute('update $schema.subscriptions set billing_error = ?::jsonb where id = ?', ['[]', subscriptionId]),
    ).rejects.toThrow(/subscriptions_billing_error_object/);
  });
});
