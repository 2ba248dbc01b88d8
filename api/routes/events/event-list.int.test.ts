import type { Json } from '../../../test/harness/api-client';
import { startTestApi, type TestApi } from '../../../test/harness/api-harness';
import { uniqueTaskQueue } from '../../../test/harness/temporal-env';
import { createTenantFixture, type TenantFixture } from '../../../test/fixtures/tenant-fixture';
import { createUsageEventFixture, DAY_MS, type UsageEventFixture } from '../../../test/fixtures/usage-event-fixture';

describe('a subscription’s usage events (GET /events/subscription/:subscriptionId)', () => {
  let api: TestApi;
  let tenant: TenantFixture;
  let fixture: UsageEventFixture;
  let subscriptionId: string;
  /** transactionIds by position: sent in this order. */
  const sent: { transactionId: string; code: string; timestamp: string }[] = [];

  beforeAll(async () => {
    api = await startTestApi({ env: { TEMPORAL_TASK_QUEUE: uniqueTaskQueue('event-list') } });
    tenant = await createTenantFixture(api.orm, api.config);
    fixture = await createUsageEventFixture(api, tenant);
    const subscription = await fixture.subscribe({ startedDaysAgo: 10 });
    subscriptionId = subscription.id;
    const start = subscription.startDate.getTime();
    // Hours after the start: two events share the 5th hour (the later sent lists first), codes alternate.
    const hours = [1, 5, 3, 5, 2, 8];
    hours.forEach((hour, index) => {
      sent.push({
        transactionId: `list-${index}`,
        code: index % 2 === 0 ? 'api_calls' : 'cpu_peak',
        timestamp: new Date(start + hour * 3_600_000).toISOString(),
      });
    });
    const batch = await fixture.call('POST', '/events/batch', {
      body: {
        events: sent.map((event) => ({
          ...event,
          subscriptionId,
          properties: event.code === 'cpu_peak' ? { cpu: 0.5 } : {},
        })),
      },
    });
    expect(batch.status).toBe(201);
  });
  afterAll(() => api.close());

  const list = (query = '') => fixture.call('GET', `/events/subscription/${subscriptionId}${query}`);
  const order = (body: Json) => (body.data as { transactionId: string }[]).map((event) => event.transactionId);

  it('lists newest timestamp first, ties by the later ingested, in the list envelope', async () => {
    const reply = await list();
    expect(reply.status).toBe(200);
    expect(order(reply.body)).toEqual(['list-5', 'list-3', 'list-1', 'list-2', 'list-4', 'list-0']);
    expect(reply.body.meta).toEqual({ total: 6, page: 1, limit: 20, totalPages: 1 });
    expect((reply.body.data as Json[])[0]).toMatchObject({
      subscriptionId,
      code: 'cpu_peak',
      timestamp: sent[5]?.timestamp,
      properties: { cpu: 0.5 },
    });
  });

  it('pages', async () => {
    const second = await list('?limit=4&page=2');
    expect(order(second.body)).toEqual(['list-4', 'list-0']);
    expect(second.body.meta).toEqual({ total: 6, page: 2, limit: 4, totalPages: 2 });
    const beyond = await list('?limit=4&page=3');
    expect([order(beyond.body), (beyond.body.meta as Json).total]).toEqual([[], 6]);
  });

  /** What the list should hold: the sent events that pass, newest timestamp first, later sent first on a tie. */
  const expected = (keep: (event: (typeof sent)[number]) => boolean) =>
    sent
      .map((event, index) => ({ ...event, index }))
      .filter(keep)
      .sort((a, b) => b.timestamp.localeCompare(a.timestamp) || b.index - a.index)
      .map((event) => event.transactionId);

  it('filters by code and by a from/to range of timestamps, bounds included', async () => {
    expect(order((await list('?code=cpu_peak')).body)).toEqual(['list-5', 'list-3', 'list-1']);
    expect(order((await list('?code=api_calls')).body)).toEqual(['list-2', 'list-4', 'list-0']);
    const [from, to] = [sent[4]?.timestamp ?? '', sent[1]?.timestamp ?? ''];
    const range = await list(`?from=${from}&to=${to}`);
    expect(order(range.body)).toEqual(['list-3', 'list-1', 'list-2', 'list-4']);
    expect((range.body.meta as Json).total).toBe(4);
    const both = await list(`?from=${from}&to=${to}&code=api_calls`);
    expect(order(both.body)).toEqual(['list-2', 'list-4']);
  });

  it('reads a date as its midnight UTC for from and through its end for to', async () => {
    const day = sent[0]?.timestamp.slice(0, 10) ?? '';
    const next = new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY_MS).toISOString().slice(0, 10);
    const through = await list(`?to=${day}`);
    expect(order(through.body)).toEqual(expected((event) => event.timestamp.slice(0, 10) <= day));
    const onwards = await list(`?from=${next}`);
    expect(order(onwards.body)).toEqual(expected((event) => event.timestamp.slice(0, 10) >= next));
    expect([...order(through.body), ...order(onwards.body)].sort()).toEqual(
      sent.map((event) => event.transactionId).sort(),
    );
  });

  it('answers 404 for an unknown subscription and another tenant’s, an empty page for a range that ends before it starts', async () => {
    const unknown = await fixture.call('GET', '/events/subscription/sub_01JD8X4Q3R5T7V9W1Y3Z5A7C9E');
    expect([unknown.status, unknown.body.error]).toEqual([404, 'subscription_not_found']);
    const other = await createTenantFixture(api.orm, api.config);
    const foreign = await fixture.call('GET', `/events/subscription/${subscriptionId}`, { token: other.apiKey });
    expect([foreign.status, foreign.body.error]).toEqual([404, 'subscription_not_found']);
    const backwards = await list(`?from=${sent[5]?.timestamp ?? ''}&to=${sent[0]?.timestamp ?? ''}`);
    expect([backwards.status, backwards.body.data, (backwards.body.meta as Json).total]).toEqual([200, [], 0]);
    expect((await list('?from=2026-02-30')).status).toBe(400);
  });
});
