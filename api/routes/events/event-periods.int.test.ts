import type { Json } from '../../../test/harness/api-client';
import { startTestApi, type TestApi } from '../../../test/harness/api-harness';
import { uniqueTaskQueue } from '../../../test/harness/temporal-env';
import { createTenantFixture, type TenantFixture } from '../../../test/fixtures/tenant-fixture';
import { createUsageEventFixture, DAY_MS, type UsageEventFixture } from '../../../test/fixtures/usage-event-fixture';
import { newId } from '../../../infra/ids';
import { detailPaths } from '../../../test/fixtures/error-details';
import { uniqueKeys } from '../../../test/fixtures/unique-keys';

const nextTransactionId = uniqueKeys('period');

/**
 * Which instants a subscription still takes usage for (CONTRACT §10). The usage segments and the lifecycle columns
 * the subscription workflow writes are set here directly in the database, as that workflow would leave them.
 */
describe('usage events and the periods they fall in', () => {
  let api: TestApi;
  let tenant: TenantFixture;
  let fixture: UsageEventFixture;

  beforeAll(async () => {
    api = await startTestApi({ env: { TEMPORAL_TASK_QUEUE: uniqueTaskQueue('event-periods') } });
    tenant = await createTenantFixture(api.orm, api.config);
    fixture = await createUsageEventFixture(api, tenant);
  });
  afterAll(() => api.close());

  const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
  const callsAt = (subscriptionId: string, at: Date, transactionId = nextTransactionId()) => ({
    transactionId,
    subscriptionId,
    code: 'api_calls',
    timestamp: at.toISOString(),
  });
  const post = (body: Json) => fixture.call('POST', '/events', { body });
  const postBatch = (events: Json[]) => fixture.call('POST', '/events/batch', { body: { events } });

  /** A usage segment [start, end) billed on an invoice of `status` (null: the segment billed nothing). */
  async function closeSegment(
    subscription: { id: string; customerId: string },
    segment: { start: Date; end: Date; invoiceStatus: 'DRAFT' | 'OPEN' | 'PAID' | 'VOIDED' | null },
  ): Promise<string | null> {
    let invoiceId: string | null = null;
    if (segment.invoiceStatus !== null) {
      invoiceId = newId('invoice');
      await fixture.execute(
        `insert into $schema.invoices (id, status, customer_id, subscription_id, currency) values (?, ?, ?, ?, 'USD')`,
        [invoiceId, segment.invoiceStatus, subscription.customerId, subscription.id],
      );
    }
    await fixture.execute(
      `insert into $schema.usage_segments
         (subscription_id, segment_start, segment_end, period_start, period_end, plan_id, invoice_id)
       values (?, ?, ?, ?, ?, ?, ?)`,
      [subscription.id, segment.start, segment.end, segment.start, segment.end, fixture.planId, invoiceId],
    );
    return invoiceId;
  }

  /**
   * Until a backend waits for a lock in a statement naming `table` (the batch's share lock). Generous: on a machine
   * busy with the rest of the suite the request can take seconds to reach its first statement.
   */
  async function waitForLockWait(table: string): Promise<void> {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const waiting = await api.orm.em.getConnection().execute<{ count: string }[]>(
        `select count(*) as count from pg_stat_activity
            where wait_event_type = 'Lock' and position(? in query) > 0 and query like '%for share%'`,
        [table],
      );
      if (Number(waiting[0]?.count) > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no statement on ${table} waited for a lock`);
  }

  const setSubscription = (id: string, assignments: string, params: unknown[]) =>
    fixture.execute(`update $schema.subscriptions set ${assignments} where id = ?`, [...params, id]);

  it.each(['OPEN', 'PAID', 'VOIDED', null] as const)(
    'refuses a timestamp inside a segment billed on an invoice %s: 409 event_period_closed naming it',
    async (invoiceStatus) => {
      const subscription = await fixture.subscribe({ startedDaysAgo: 10 });
      await closeSegment(subscription, { start: daysAgo(10), end: daysAgo(5), invoiceStatus });
      await setSubscription(subscription.id, 'current_period_start = ?', [daysAgo(5)]);
      const closed = await post(callsAt(subscription.id, daysAgo(7)));
      expect([closed.status, closed.body.error, detailPaths(closed.body)]).toEqual([
        409,
        'event_period_closed',
        ['body.timestamp'],
      ]);
      expect((await post(callsAt(subscription.id, daysAgo(4)))).status).toBe(201);
      const batch = await postBatch([callsAt(subscription.id, daysAgo(1)), callsAt(subscription.id, daysAgo(6))]);
      expect([batch.status, detailPaths(batch.body)]).toEqual([409, ['body.events.1.timestamp']]);
    },
  );

  it('takes a timestamp inside a segment whose invoice is still a DRAFT (recomputed at finalize)', async () => {
    const subscription = await fixture.subscribe({ startedDaysAgo: 10 });
    const invoiceId = await closeSegment(subscription, { start: daysAgo(10), end: daysAgo(5), invoiceStatus: 'DRAFT' });
    await setSubscription(subscription.id, 'current_period_start = ?', [daysAgo(5)]);
    expect((await post(callsAt(subscription.id, daysAgo(7)))).status).toBe(201);
    await fixture.execute(`update $schema.invoices set status = 'OPEN' where id = ?`, [invoiceId]);
    const late = await post(callsAt(subscription.id, daysAgo(7)));
    expect([late.status, late.body.error]).toEqual([409, 'event_period_closed']);
  });

  it('refuses a timestamp before the current period that no DRAFT segment covers', async () => {
    const subscription = await fixture.subscribe({ startedDaysAgo: 10 });
    await setSubscription(subscription.id, 'current_period_start = ?', [daysAgo(3)]);
    const before = await post(callsAt(subscription.id, daysAgo(4)));
    expect([before.status, before.body.error]).toEqual([409, 'event_period_closed']);
    expect((await post(callsAt(subscription.id, daysAgo(2)))).status).toBe(201);
  });

  it('answers an identical replay of an event whose period closed since with the stored event', async () => {
    const subscription = await fixture.subscribe({ startedDaysAgo: 10 });
    const event = callsAt(subscription.id, daysAgo(7));
    const first = await post(event);
    expect(first.status).toBe(201);
    await closeSegment(subscription, { start: daysAgo(10), end: daysAgo(5), invoiceStatus: 'OPEN' });
    expect(await post(event)).toEqual({ status: 200, body: first.body });
    const batch = await postBatch([event]);
    expect(batch).toMatchObject({ status: 200, body: { created: 0, duplicates: 1 } });
    const changed = await post({ ...event, properties: { other: 'payload' } });
    expect([changed.status, changed.body.error]).toEqual([409, 'event_transaction_id_taken']);
  });

  it('refuses a timestamp while the subscription is PAUSED: 400 subscription_paused naming it', async () => {
    const subscription = await fixture.subscribe({ startedDaysAgo: 10 });
    await setSubscription(subscription.id, `status = 'PAUSED', paused_at = ?`, [daysAgo(2)]);
    const paused = await post(callsAt(subscription.id, daysAgo(1)));
    expect([paused.status, paused.body.error, detailPaths(paused.body)]).toEqual([
      400,
      'subscription_paused',
      ['body.timestamp'],
    ]);
    const defaulted = await post({
      transactionId: nextTransactionId(),
      subscriptionId: subscription.id,
      code: 'api_calls',
    });
    expect(defaulted.body.error).toBe('subscription_paused');
    // Before the pause, in no billed segment and within the period: still open.
    expect((await post(callsAt(subscription.id, daysAgo(3)))).status).toBe(201);
    const batch = await postBatch([callsAt(subscription.id, daysAgo(3)), callsAt(subscription.id, daysAgo(1))]);
    expect([batch.status, batch.body.error, detailPaths(batch.body)]).toEqual([
      400,
      'subscription_paused',
      ['body.events.1.timestamp'],
    ]);
  });

  it('refuses a timestamp after the subscription ended: 400 naming it', async () => {
    const subscription = await fixture.subscribe({ startedDaysAgo: 10 });
    await setSubscription(subscription.id, `status = 'CANCELED', canceled_at = ?`, [daysAgo(1)]);
    const after = await post(callsAt(subscription.id, new Date(Date.now() - 60_000)));
    expect([after.status, after.body.error, detailPaths(after.body)]).toEqual([
      400,
      'validation_failed',
      ['body.timestamp'],
    ]);
    expect(String(after.body.message)).toContain('after the subscription ended');
    expect((await post(callsAt(subscription.id, daysAgo(2)))).status).toBe(201);
  });

  it('sees a usage close committed while the batch waited for the subscription lock', async () => {
    const subscription = await fixture.subscribe({ startedDaysAgo: 10 });
    const connection = api.orm.em.getConnection();
    let release: () => void = () => undefined;
    const closing = connection.transactional(async (transaction) => {
      // The close's half of the protocol: the subscription `for update`, its segment, commit.
      await connection.execute(
        `select id from "${fixture.schema}".subscriptions where id = ? for update`,
        [subscription.id],
        'all',
        transaction,
      );
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      await connection.execute(
        `insert into "${fixture.schema}".usage_segments
           (subscription_id, segment_start, segment_end, period_start, period_end, plan_id)
         values (?, ?, ?, ?, ?, ?)`,
        [subscription.id, daysAgo(10), daysAgo(5), daysAgo(10), daysAgo(5), fixture.planId],
        'run',
        transaction,
      );
    });
    const waiting = post(callsAt(subscription.id, daysAgo(7)));
    try {
      await waitForLockWait(`"${fixture.schema}".subscriptions`);
    } finally {
      // Released whatever happens: a lock left held would keep the batch, and the app's close, waiting.
      release();
    }
    await closing;
    const reply = await waiting;
    expect([reply.status, reply.body.error]).toEqual([409, 'event_period_closed']);
  });
});
