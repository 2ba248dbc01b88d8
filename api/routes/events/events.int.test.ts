import { callApi, type Json } from '../../../test/harness/api-client';
import { startTestApi, type TestApi } from '../../../test/harness/api-harness';
import { uniqueTaskQueue } from '../../../test/harness/temporal-env';
import { createTenantFixture, type TenantFixture } from '../../../test/fixtures/tenant-fixture';
import { createUsageEventFixture, DAY_MS, type UsageEventFixture } from '../../../test/fixtures/usage-event-fixture';
import { detailPaths } from '../../../test/fixtures/error-details';
import { uniqueKeys } from '../../../test/fixtures/unique-keys';

const nextTransactionId = uniqueKeys('tx');

describe('usage events (POST /events, GET /events/:id)', () => {
  let api: TestApi;
  let tenant: TenantFixture;
  let fixture: UsageEventFixture;
  let subscription: { id: string; customerId: string; startDate: Date };

  beforeAll(async () => {
    api = await startTestApi({ env: { TEMPORAL_TASK_QUEUE: uniqueTaskQueue('events') } });
    tenant = await createTenantFixture(api.orm, api.config);
    fixture = await createUsageEventFixture(api, tenant);
    subscription = await fixture.subscribe();
  });
  afterAll(() => api.close());

  const post = (body: Json) => fixture.call('POST', '/events', { body });
  const storage = (extra: Json = {}): Json & { transactionId: string } => ({
    transactionId: nextTransactionId(),
    subscriptionId: subscription.id,
    code: 'storage_gb',
    properties: { gb: 12.5, region: 'eu' },
    ...extra,
  });
  const countStored = async (transactionId: string) => {
    const [row] = await fixture.execute<{ count: string }>(
      'select count(*) as count from $schema.events where transaction_id = ?',
      [transactionId],
    );
    return Number(row?.count);
  };

  it('stores an event with the subscription’s customer and reads it back', async () => {
    const timestamp = new Date(Date.now() - 60_000).toISOString();
    const event = storage({ timestamp });
    const created = await post(event);
    expect(created).toEqual({
      status: 201,
      body: {
        id: expect.stringMatching(/^evt_[0-9A-HJKMNP-TV-Z]{26}$/) as unknown,
        transactionId: event.transactionId,
        subscriptionId: subscription.id,
        customerId: subscription.customerId,
        code: 'storage_gb',
        timestamp,
        properties: { gb: 12.5, region: 'eu' },
        createdAt: expect.any(String) as unknown,
      },
    });
    const read = await fixture.call('GET', `/events/${String(created.body.id)}`);
    expect(read).toEqual({ status: 200, body: created.body });
  });

  it('stamps an event sent without a timestamp with the time of receipt', async () => {
    const before = Date.now();
    const created = await post({
      transactionId: nextTransactionId(),
      subscriptionId: subscription.id,
      code: 'api_calls',
    });
    expect(created.status).toBe(201);
    const stamped = Date.parse(String(created.body.timestamp));
    expect(stamped).toBeGreaterThanOrEqual(before);
    expect(stamped).toBeLessThanOrEqual(Date.now());
    expect(created.body.properties).toEqual({});
  });

  it('answers an identical replay with the stored event (200) and stores nothing more', async () => {
    const event = storage({ timestamp: new Date(Date.now() - 120_000).toISOString() });
    const first = await post(event);
    expect(first.status).toBe(201);
    expect(await post(event)).toEqual({ status: 200, body: first.body });
    // The timestamp is compared only when the repeat carries one; property order does not matter.
    const { timestamp: _omitted, ...withoutTimestamp } = event;
    const reordered = { ...withoutTimestamp, properties: { region: 'eu', gb: 12.5 } };
    expect(await post(reordered)).toEqual({ status: 200, body: first.body });
    expect(await countStored(event.transactionId)).toBe(1);
  });

  /** POST /events with the body as written: JSON.stringify would send -0 as 0. */
  const postText = async (text: string) => {
    const response = await fetch(`${api.url}/api/events`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${tenant.apiKey}`, 'Content-Type': 'application/json' },
      body: text,
    });
    return { status: response.status, body: (await response.json()) as Json };
  };

  it.each([
    ['0 then -0', '0', '-0'],
    ['-0 then 0', '-0', '0'],
  ])('answers a replay sending %s as the same event (200), since -0 is 0', async (_case, first, second) => {
    const transactionId = nextTransactionId();
    const textOf = (gb: string) =>
      `{"transactionId":"${transactionId}","subscriptionId":"${subscription.id}","code":"storage_gb",` +
      `"properties":{"gb":${gb},"region":"eu"}}`;
    const created = await postText(textOf(first));
    expect(created.status).toBe(201);
    expect(await postText(textOf(second))).toEqual({ status: 200, body: created.body });
    expect(await countStored(transactionId)).toBe(1);
  });

  it.each([
    ['a property of another type ("12.5" is not 12.5)', { properties: { gb: '12.5', region: 'eu' } }],
    ['another property value', { properties: { gb: 13, region: 'eu' } }],
    ['another property set', { properties: { gb: 12.5 } }],
    ['another code', { code: 'api_calls', properties: {} }],
    ['another timestamp', { timestamp: new Date(Date.now() - 30_000).toISOString() }],
  ])('refuses a replay with %s: 409 event_transaction_id_taken', async (_case, change) => {
    const event = storage({ timestamp: new Date(Date.now() - 90_000).toISOString() });
    const first = await post(event);
    expect(first.status).toBe(201);
    const replay = await post({ ...event, ...change });
    expect(replay.status).toBe(409);
    expect(replay.body).toMatchObject({ error: 'event_transaction_id_taken' });
    expect(detailPaths(replay.body)).toEqual(['body.transactionId']);
    expect(String(replay.body.message)).toContain(String(first.body.id));
    expect(await countStored(event.transactionId)).toBe(1);
  });

  it('refuses a replay on another subscription', async () => {
    const other = await fixture.subscribe();
    const event = storage();
    expect((await post(event)).status).toBe(201);
    const replay = await post({ ...event, subscriptionId: other.id });
    expect([replay.status, replay.body.error]).toEqual([409, 'event_transaction_id_taken']);
  });

  it.each<[string, Json, string, RegExp]>([
    ['an unknown metric code', { code: 'no_such_metric' }, 'body.code', /billable metric/],
    ['a SUM without its field', { properties: { region: 'eu' } }, 'body.properties.gb', /required by storage_gb/],
    ['a SUM field that is not numeric', { properties: { gb: 'twelve' } }, 'body.properties.gb', /finite number/],
    [
      'a SUM field with 16 significant digits',
      { properties: { gb: '1234567890.123456' } },
      'body.properties.gb',
      /15 significant/,
    ],
    ['a SUM field "1e2.5"', { properties: { gb: '1e2.5' } }, 'body.properties.gb', /finite number/],
    ['a SUM field "1e17", beyond 10^15', { properties: { gb: '1e17' } }, 'body.properties.gb', /1000000000000000/],
    ['a SUM field 1e308, beyond 10^15', { properties: { gb: 1e308 } }, 'body.properties.gb', /1000000000000000/],
    [
      'a filter value outside the metric’s',
      { properties: { gb: 1, region: 'mars' } },
      'body.properties.region',
      /eu, us/,
    ],
    [
      'operation_type on a SUM metric',
      { properties: { gb: 1, operation_type: 'add' } },
      'body.properties.operation_type',
      /UNIQUE_COUNT/,
    ],
    ['a MAX field missing', { code: 'cpu_peak', properties: {} }, 'body.properties.cpu', /required/],
    [
      'a UNIQUE_COUNT field missing',
      { code: 'seats', properties: { other: 'x' } },
      'body.properties.user_id',
      /required/,
    ],
    [
      'operation_type neither add nor remove',
      { code: 'seats', properties: { user_id: 'u1', operation_type: 'toggle' } },
      'body.properties.operation_type',
      /add or remove/,
    ],
    [
      'a timestamp 6 minutes ahead',
      { timestamp: new Date(Date.now() + 6 * 60_000).toISOString() },
      'body.timestamp',
      /future/,
    ],
    [
      'a timestamp before the subscription started',
      { timestamp: new Date(Date.now() - 11 * DAY_MS).toISOString() },
      'body.timestamp',
      /before the subscription started/,
    ],
  ])('refuses %s: 400 naming the field, nothing stored', async (_case, change, path, message) => {
    const event = storage(change);
    const reply = await post(event);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ error: 'validation_failed' });
    expect(detailPaths(reply.body)).toEqual([path]);
    expect(String((reply.body.details as { message: string }[])[0]?.message)).toMatch(message);
    expect(await countStored(event.transactionId)).toBe(0);
  });

  it.each<[string, Json, string]>([
    ['an object property value', { properties: { gb: { value: 1 } } }, 'body.properties.gb'],
    [
      '65 properties',
      { properties: Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`k${i}`, i])) },
      'body.properties',
    ],
    ['an empty transactionId', { transactionId: '' }, 'body.transactionId'],
    ['a transactionId of 256 characters', { transactionId: 'x'.repeat(256) }, 'body.transactionId'],
    ['a timestamp without a zone', { timestamp: '2026-01-01T10:00:00' }, 'body.timestamp'],
    ['an unknown field', { quantity: 3 }, 'body.quantity'],
    [
      'a string property value of 1,001 characters',
      { properties: { gb: 1, region: 'x'.repeat(1001) } },
      'body.properties.region',
    ],
  ])('refuses %s by the schema: 400 naming it', async (_case, change, path) => {
    const reply = await post(storage(change));
    expect(reply.status).toBe(400);
    expect(detailPaths(reply.body)).toContain(path);
  });

  it('refuses a property name longer than 100 characters with 400 naming it, and takes one of 100', async () => {
    const long = 'n'.repeat(101);
    const event = storage({ properties: { gb: 1, [long]: 'eu' } });
    const refused = await post(event);
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([
      { path: `body.properties.${long}`, message: 'is a property name longer than 100 characters' },
    ]);
    expect(await countStored(event.transactionId)).toBe(0);
    const value = 'v'.repeat(1000);
    const accepted = await post(storage({ properties: { gb: 1, ['n'.repeat(100)]: value } }));
    expect(accepted.status).toBe(201);
  });

  it('accepts numeric strings, negative and exponent notation, and a UNIQUE_COUNT removal', async () => {
    for (const gb of ['-3.25', '1e3', '0.000000000001', 999999999999.999, -0.5]) {
      const reply = await post(storage({ properties: { gb, region: 'us' } }));
      expect([reply.status, reply.body.properties]).toEqual([201, { gb, region: 'us' }]);
    }
    const seat = await post({
      transactionId: nextTransactionId(),
      subscriptionId: subscription.id,
      code: 'seats',
      properties: { user_id: 42, operation_type: 'remove' },
    });
    expect(seat.status).toBe(201);
  });

  it('answers 404 for an unknown subscription and for another tenant’s', async () => {
    const unknown = await post(storage({ subscriptionId: 'sub_01JD8X4Q3R5T7V9W1Y3Z5A7C9E' }));
    expect([unknown.status, unknown.body.error]).toEqual([404, 'subscription_not_found']);
    const otherTenant = await createTenantFixture(api.orm, api.config);
    const theirs = await (await createUsageEventFixture(api, otherTenant)).subscribe();
    const foreign = await post(storage({ subscriptionId: theirs.id }));
    expect([foreign.status, foreign.body.error]).toEqual([404, 'subscription_not_found']);
  });

  it('answers 404 for an unknown event id and for another tenant’s event', async () => {
    expect((await fixture.call('GET', '/events/evt_01JD9A2B3C4D5E6F7G8H9J0K1M')).status).toBe(404);
    expect((await fixture.call('GET', '/events/not-an-id')).body.error).toBe('event_not_found');
    const created = await post(storage());
    const otherTenant = await createTenantFixture(api.orm, api.config);
    const foreign = await fixture.call('GET', `/events/${String(created.body.id)}`, { token: otherTenant.apiKey });
    expect([foreign.status, foreign.body.error]).toEqual([404, 'event_not_found']);
  });

  it('needs events:write to record and events:read to read (403 naming the scope)', async () => {
    const reader = await createTenantFixture(api.orm, api.config, { scopes: ['events:read'] });
    const refused = await fixture.call('POST', '/events', { token: reader.apiKey, body: storage() });
    expect(refused).toMatchObject({ status: 403, body: { message: 'Missing scope: events:write' } });
    const writer = await createTenantFixture(api.orm, api.config, { scopes: ['events:write'] });
    const read = await fixture.call('GET', '/events/evt_01JD9A2B3C4D5E6F7G8H9J0K1M', { token: writer.apiKey });
    expect(read).toMatchObject({ status: 403, body: { message: 'Missing scope: events:read' } });
  });

  it('sees a metric created or changed through another API process at its next request', async () => {
    const other = await startTestApi({ env: { TEMPORAL_TASK_QUEUE: uniqueTaskQueue('events-other') } });
    try {
      const fetchOn = (on: TestApi, method: string, path: string, body?: Json) =>
        callApi(`${on.url}/api${path}`, { method, token: tenant.apiKey, body });
      // This app caches the definitions now.
      expect((await post(storage({ properties: { gb: 1, region: 'eu' } }))).status).toBe(201);
      const code = `late_${Date.now()}`;
      expect((await post(storage({ code }))).status).toBe(400);
      const metric = await fetchOn(other, 'POST', '/billable-metrics', {
        name: 'Late',
        code,
        aggregationType: 'COUNT',
      });
      expect(metric.status).toBe(201);
      expect((await post(storage({ code, properties: {} }))).status).toBe(201);
      const patched = await fetchOn(other, 'PATCH', `/billable-metrics/${fixture.metricIds.storage}`, {
        filters: [{ key: 'region', values: ['eu', 'us', 'mars'] }],
      });
      expect(patched.status).toBe(200);
      expect((await post(storage({ properties: { gb: 1, region: 'mars' } }))).status).toBe(201);
      expect((await fetchOn(other, 'DELETE', `/billable-metrics/${String(metric.body.id)}`)).status).toBe(200);
      const gone = await post(storage({ code, properties: {} }));
      expect([gone.status, detailPaths(gone.body)]).toEqual([400, ['body.code']]);
    } finally {
      await other.close();
    }
  });
});
