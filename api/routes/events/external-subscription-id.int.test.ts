import type { Json } from '../../../test/harness/api-client';
import { startTestApi, type TestApi } from '../../../test/harness/api-harness';
import { uniqueTaskQueue } from '../../../test/harness/temporal-env';
import { createTenantFixture } from '../../../test/fixtures/tenant-fixture';
import { createUsageEventFixture, type UsageEventFixture } from '../../../test/fixtures/usage-event-fixture';
import { statementsOf } from '../../../test/harness/sql-statements';
import { detailPaths } from '../../../test/fixtures/error-details';
import { uniqueKeys } from '../../../test/fixtures/unique-keys';

const nextTransactionId = uniqueKeys('ext');

describe('usage events by the subscription’s externalId (externalSubscriptionId)', () => {
  let api: TestApi;
  let fixture: UsageEventFixture;
  const subscriptions: { id: string; externalId: string }[] = [];

  beforeAll(async () => {
    api = await startTestApi({ env: { TEMPORAL_TASK_QUEUE: uniqueTaskQueue('events-external') } });
    const tenant = await createTenantFixture(api.orm, api.config);
    fixture = await createUsageEventFixture(api, tenant);
    for (let index = 0; index < 3; index += 1) {
      const { id } = await fixture.subscribe();
      const externalId = `crm-sub-${Date.now()}-${index}`;
      // The fixture subscribes without one; `externalId` is set at creation only, so the row takes it here.
      await fixture.execute('update $schema.subscriptions set external_id = ? where id = ?', [externalId, id]);
      subscriptions.push({ id, externalId });
    }
  });
  afterAll(() => api.close());

  const first = () => subscriptions[0] ?? { id: '', externalId: '' };
  const storage = (reference: Json): Json => ({
    transactionId: nextTransactionId(),
    code: 'storage_gb',
    timestamp: new Date(Date.now() - 60_000).toISOString(),
    properties: { gb: 2, region: 'eu' },
    ...reference,
  });

  it('stores an event sent with externalSubscriptionId against that subscription', async () => {
    const event = storage({ externalSubscriptionId: first().externalId });
    const created = await fixture.call('POST', '/events', { body: event });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ transactionId: event.transactionId, subscriptionId: first().id });
    // The same event again by our id is the same event: a replay, not a conflict.
    const { externalSubscriptionId: _external, ...byId } = event;
    const replay = await fixture.call('POST', '/events', { body: { ...byId, subscriptionId: first().id } });
    expect([replay.status, replay.body.id]).toEqual([200, created.body.id]);
  });

  it('refuses both or neither of the two ids with 400 naming the field', async () => {
    const both = await fixture.call('POST', '/events', {
      body: storage({ subscriptionId: first().id, externalSubscriptionId: first().externalId }),
    });
    expect([both.status, detailPaths(both.body)]).toEqual([400, ['body.externalSubscriptionId']]);
    const neither = await fixture.call('POST', '/events', { body: storage({}) });
    expect([neither.status, detailPaths(neither.body)]).toEqual([400, ['body.subscriptionId']]);
    const batch = await fixture.call('POST', '/events/batch', {
      body: { events: [storage({ externalSubscriptionId: first().externalId }), storage({})] },
    });
    expect([batch.status, detailPaths(batch.body)]).toEqual([400, ['body.events.1.subscriptionId']]);
  });

  it('answers an unknown external id as an unknown subscription: 404 alone, 400 naming it in a batch', async () => {
    const unknown = await fixture.call('POST', '/events', { body: storage({ externalSubscriptionId: 'nobody' }) });
    expect([unknown.status, unknown.body.error]).toEqual([404, 'subscription_not_found']);
    const otherTenant = await createTenantFixture(api.orm, api.config);
    const theirs = await fixture.call('POST', '/events', {
      token: otherTenant.apiKey,
      body: storage({ externalSubscriptionId: first().externalId }),
    });
    expect([theirs.status, theirs.body.error]).toEqual([404, 'subscription_not_found']);
    const batch = await fixture.call('POST', '/events/batch', {
      body: { events: [storage({ subscriptionId: first().id }), storage({ externalSubscriptionId: 'nobody' })] },
    });
    expect([batch.status, detailPaths(batch.body)]).toEqual([400, ['body.events.1.externalSubscriptionId']]);
  });

  it('resolves every external id of a batch with one query, mixed with our ids', async () => {
    const events = [
      ...subscriptions.map(({ externalId }) => storage({ externalSubscriptionId: externalId })),
      ...subscriptions.map(({ externalId }) => storage({ externalSubscriptionId: externalId })),
      storage({ subscriptionId: first().id }),
    ];
    const replies: { status: number; body: Json }[] = [];
    const statements = await statementsOf(api, async () => {
      replies.push(await fixture.call('POST', '/events/batch', { body: { events } }));
    });
    expect(replies.map((reply) => [reply.status, reply.body.created])).toEqual([[201, events.length]]);
    expect(statements.filter((statement) => statement.includes('external_id in'))).toHaveLength(1);
    const stored = await fixture.execute<{ subscription_id: string; count: string }>(
      `select subscription_id, count(*) as count from $schema.events
        where transaction_id in (select jsonb_array_elements_text(?::jsonb)) group by subscription_id`,
      [JSON.stringify(events.map((event) => event.transactionId))],
    );
    const counts = Object.fromEntries(stored.map((row) => [row.subscription_id, Number(row.count)]));
    expect(counts).toEqual({
      [first().id]: 3,
      [subscriptions[1]?.id ?? '']: 2,
      [subscriptions[2]?.id ?? '']: 2,
    });
  });
});
