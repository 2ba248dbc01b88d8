import { callApi, type Json } from '../../../test/harness/api-client';
import { startTestApi, type TestApi } from '../../../test/harness/api-harness';
import { uniqueTaskQueue } from '../../../test/harness/temporal-env';
import { createTenantFixture, type TenantFixture } from '../../../test/fixtures/tenant-fixture';
import { createUsageEventFixture, type UsageEventFixture } from '../../../test/fixtures/usage-event-fixture';
import { statementsOf } from '../../../test/harness/sql-statements';
import { detailPaths } from '../../../test/fixtures/error-details';
import { uniqueKeys } from '../../../test/fixtures/unique-keys';

const nextTransactionId = uniqueKeys('batch');

describe('usage event batches (POST /events/batch)', () => {
  let api: TestApi;
  let tenant: TenantFixture;
  let fixture: UsageEventFixture;
  let subscriptionIds: string[];

  beforeAll(async () => {
    api = await startTestApi({ env: { TEMPORAL_TASK_QUEUE: uniqueTaskQueue('event-batches') } });
    tenant = await createTenantFixture(api.orm, api.config);
    fixture = await createUsageEventFixture(api, tenant);
    subscriptionIds = await Promise.all(Array.from({ length: 10 }, async () => (await fixture.subscribe()).id));
  });
  afterAll(() => api.close());

  const postBatch = (events: Json[]) => fixture.call('POST', '/events/batch', { body: { events } });
  const event = (index: number, extra: Json = {}): Json & { transactionId: string } => ({
    transactionId: nextTransactionId(),
    subscriptionId: subscriptionIds[index % subscriptionIds.length],
    code: index % 2 === 0 ? 'storage_gb' : 'api_calls',
    timestamp: new Date(Date.now() - 60_000 + index).toISOString(),
    properties: index % 2 === 0 ? { gb: index, region: 'eu' } : {},
    ...extra,
  });
  const eventsOf = (count: number) => Array.from({ length: count }, (_, index) => event(index));
  const storedCount = async (transactionIds: readonly string[]) => {
    const [row] = await fixture.execute<{ count: string }>(
      'select count(*) as count from $schema.events where transaction_id in (select jsonb_array_elements_text(?::jsonb))',
      [JSON.stringify(transactionIds)],
    );
    return Number(row?.count);
  };

  it('stores a batch in input order: 201 with one entry per event, seq following the input', async () => {
    const events = eventsOf(25);
    const reply = await postBatch(events);
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ created: 25, duplicates: 0 });
    const data = reply.body.data as { id: string; transactionId: string; duplicate: boolean }[];
    expect(data.map((entry) => entry.transactionId)).toEqual(events.map((sent) => sent.transactionId));
    expect(data.every((entry) => !entry.duplicate && /^evt_/.test(entry.id))).toBe(true);
    const rows = await fixture.execute<{ id: string; customer_id: string; subscription_id: string }>(
      `select id, customer_id, subscription_id from $schema.events
        where transaction_id in (select jsonb_array_elements_text(?::jsonb)) order by seq`,
      [JSON.stringify(events.map((sent) => sent.transactionId))],
    );
    expect(rows.map((row) => row.id)).toEqual(data.map((entry) => entry.id));
    const read = await fixture.call('GET', `/events/${data[3]?.id ?? ''}`);
    expect(read.body).toMatchObject({
      transactionId: events[3]?.transactionId,
      subscriptionId: events[3]?.subscriptionId,
    });
    expect(read.body.customerId).toMatch(/^cust_/);
  });

  it('answers a replayed batch 200 with every event a duplicate, and a partial replay 201', async () => {
    const events = eventsOf(10);
    const first = await postBatch(events);
    expect(first.status).toBe(201);
    const replay = await postBatch(events);
    expect(replay).toEqual({
      status: 200,
      body: {
        created: 0,
        duplicates: 10,
        data: (first.body.data as Json[]).map((entry) => ({ ...entry, duplicate: true })),
      },
    });
    const fresh = eventsOf(2);
    const mixed = await postBatch([...events.slice(0, 3), ...fresh]);
    expect(mixed.status).toBe(201);
    expect(mixed.body).toMatchObject({ created: 2, duplicates: 3 });
    expect((mixed.body.data as Json[]).map((entry) => entry.duplicate)).toEqual([true, true, true, false, false]);
    expect(await storedCount([...events, ...fresh].map((sent) => sent.transactionId))).toBe(12);
  });

  it('answers a replay sending -0 where the stored event had 0 as a duplicate (200)', async () => {
    const events = eventsOf(2);
    expect(events[0]?.properties).toEqual({ gb: 0, region: 'eu' });
    const first = await postBatch(events);
    expect(first.status).toBe(201);
    // JSON.stringify writes -0 as 0: the body is written by hand.
    const text = JSON.stringify({ events }).replace('"gb":0,', '"gb":-0,');
    expect(text).toContain('"gb":-0,');
    const response = await fetch(`${api.url}/api/events/batch`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${tenant.apiKey}`, 'Content-Type': 'application/json' },
      body: text,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ created: 0, duplicates: 2 });
  });

  it('refuses a batch with a property name over 100 characters: 400 naming it, nothing stored', async () => {
    const events = eventsOf(3);
    const long = 'k'.repeat(101);
    events[2] = { ...events[2], properties: { gb: 1, [long]: 'eu' } } as Json & { transactionId: string };
    const reply = await postBatch(events);
    expect(reply.status).toBe(400);
    expect(detailPaths(reply.body)).toEqual([`body.events.2.properties.${long}`]);
    expect(await storedCount(events.map((sent) => sent.transactionId))).toBe(0);
  });

  it('refuses a batch with invalid events as a whole: 400 naming each, nothing stored', async () => {
    const events = eventsOf(6);
    events[3] = { ...events[3], code: 'no_such_metric' } as Json & { transactionId: string };
    events[5] = { ...events[5], properties: { gb: 'lots' }, code: 'storage_gb' } as Json & { transactionId: string };
    const reply = await postBatch(events);
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('validation_failed');
    expect(detailPaths(reply.body)).toEqual(['body.events.3.code', 'body.events.5.properties.gb']);
    expect(await storedCount(events.map((sent) => sent.transactionId))).toBe(0);
  });

  it('refuses a batch with event values beyond 10^15 ("1e17", 1e308): 400 naming each, nothing stored', async () => {
    const events = eventsOf(3);
    events[0] = { ...events[0], properties: { gb: '1e17' }, code: 'storage_gb' } as Json & { transactionId: string };
    events[2] = { ...events[2], properties: { gb: 1e308 }, code: 'storage_gb' } as Json & { transactionId: string };
    const reply = await postBatch(events);
    expect(reply.status).toBe(400);
    expect(detailPaths(reply.body)).toEqual(['body.events.0.properties.gb', 'body.events.2.properties.gb']);
    expect(await storedCount(events.map((sent) => sent.transactionId))).toBe(0);
  });

  it('refuses a transactionId repeated inside the batch and an unknown subscription: 400 with their paths', async () => {
    const events = eventsOf(4);
    const repeated = await postBatch([...events, { ...event(7), transactionId: events[1]?.transactionId }]);
    expect(repeated.status).toBe(400);
    expect(detailPaths(repeated.body)).toEqual(['body.events.4.transactionId']);
    const unknown = await postBatch([events[0] ?? {}, event(1, { subscriptionId: 'sub_01JD8X4Q3R5T7V9W1Y3Z5A7C9E' })]);
    expect(unknown.status).toBe(400);
    expect(detailPaths(unknown.body)).toEqual(['body.events.1.subscriptionId']);
    expect(await storedCount(events.map((sent) => sent.transactionId))).toBe(0);
  });

  it('refuses a batch replaying a stored transactionId with another payload: 409 naming its index, nothing stored', async () => {
    const stored = eventsOf(3);
    expect((await postBatch(stored)).status).toBe(201);
    const fresh = eventsOf(2);
    const conflicting = { ...stored[1], properties: { gb: 999, region: 'eu' } } as Json;
    const reply = await postBatch([...fresh, stored[0] ?? {}, conflicting]);
    expect(reply.status).toBe(409);
    expect(reply.body.error).toBe('event_transaction_id_taken');
    expect(detailPaths(reply.body)).toEqual(['body.events.3.transactionId']);
    expect(await storedCount(fresh.map((sent) => sent.transactionId))).toBe(0);
  });

  it('refuses an empty batch and one of 1,001 events by the schema', async () => {
    expect(detailPaths((await postBatch([])).body)).toEqual(['body.events']);
    const tooMany = await postBatch(Array.from({ length: 1001 }, () => ({})));
    expect(tooMany.status).toBe(400);
    expect(detailPaths(tooMany.body)).toContain('body.events');
  });

  it('takes a batch body over 1 MiB and refuses one over 5 MiB (413)', async () => {
    // COUNT events carry any properties: 1,000 of about 1.1 KB, then of about 6 KB.
    const padded = (keys: number) =>
      Array.from({ length: 1000 }, (_, index) =>
        event(index, {
          code: 'api_calls',
          properties: Object.fromEntries(Array.from({ length: keys }, (_, key) => [`k${key}`, 'x'.repeat(1000)])),
        }),
      );
    const large = await postBatch(padded(1));
    expect([large.status, large.body.created]).toEqual([201, 1000]);
    expect((await postBatch(padded(6))).status).toBe(413);
  });

  it('reads the metrics and the subscriptions once per batch, stores it with one statement and notifies once', async () => {
    const events = eventsOf(1000);
    let reply: { status: number } | undefined;
    const statements = await statementsOf(api, async () => {
      reply = await postBatch(events);
    });
    expect(reply?.status).toBe(201);
    const touching = (table: string) => statements.filter((statement) => new RegExp(`\\.${table}\\b`).test(statement));
    expect(touching('billable_metrics')).toHaveLength(1);
    expect(touching('subscriptions')).toHaveLength(1);
    expect(touching('usage_segments')).toHaveLength(1);
    expect(touching('events')).toHaveLength(1);
    expect(touching('events')[0]).toMatch(/^insert into .* json_to_recordset\(\$1::json\)/);
    // The rows are a bound parameter, not text of the statement.
    expect(touching('events')[0]?.length).toBeLessThan(1000);
    // Wallets hear of the usage through one NOTIFY in the transaction; no wallet is read on the request path.
    expect(touching('wallets')).toEqual([]);
    expect(statements.filter((statement) => statement.includes('pg_notify'))).toEqual([
      expect.stringContaining("'wallet_usage'"),
    ]);
  });

  it('stores each event once when two identical batches of 1,000 race', async () => {
    const events = eventsOf(1000);
    const body = { events };
    const send = () => callApi(`${api.url}/api/events/batch`, { method: 'POST', token: tenant.apiKey, body });
    const replies = await Promise.all([send(), send()]);
    expect(replies.map((reply) => reply.status).sort()).toEqual(expect.arrayContaining([201]));
    expect(replies.every((reply) => reply.status === 200 || reply.status === 201)).toBe(true);
    const created = replies.map((reply) => Number(reply.body.created));
    const duplicates = replies.map((reply) => Number(reply.body.duplicates));
    expect(created[0]! + created[1]!).toBe(1000);
    expect(duplicates[0]! + duplicates[1]!).toBe(1000);
    const ids = replies.map((reply) => (reply.body.data as { id: string }[]).map((entry) => entry.id));
    expect(ids[0]).toEqual(ids[1]);
    expect(await storedCount(events.map((sent) => sent.transactionId))).toBe(1000);
  });

  it('stores each event once when overlapping batches race in opposite orders (no deadlock reaches the client)', async () => {
    for (let round = 0; round < 3; round += 1) {
      const events = eventsOf(400);
      const reversed = [...events].reverse();
      const send = (batch: Json[]) =>
        callApi(`${api.url}/api/events/batch`, { method: 'POST', token: tenant.apiKey, body: { events: batch } });
      const replies = await Promise.all([send(events), send(reversed)]);
      expect(replies.map((reply) => [reply.status, reply.body.error])).not.toContainEqual([500, expect.anything()]);
      expect(replies.every((reply) => reply.status === 200 || reply.status === 201)).toBe(true);
      expect(replies.map((reply) => Number(reply.body.created)).reduce((a, b) => a + b)).toBe(400);
      expect(await storedCount(events.map((sent) => sent.transactionId))).toBe(400);
    }
  });
});
