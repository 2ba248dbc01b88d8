import { Webhook } from 'standardwebhooks';
import { apiClient, type Json } from '../../../test/harness/api-client';
import { waitUntil } from '../../../test/harness/wait-for';
import { setUpWebhookDeliverySuite } from '../../../test/fixtures/webhook-delivery-suite';
import { findSchemaViolations } from '../../validation/validator';
import { webhookPayloadSchemaOf } from '../webhook-events/payload-schemas';

/**
 * Outbound events of test clock customers, delivered for real (API, outbox relay, worker, a receiver that verifies
 * signatures): the envelope carries `testClockId` and the clock's time, ordinary envelopes carry no such key, and
 * delivery runs in real time although the clock's time lies months ahead.
 */
describe('webhooks of a test clock customer', () => {
  const { api, receiver, tenant } = setUpWebhookDeliverySuite('clock-webhooks');
  // Months ahead of the real time: a ladder counted from the event's `timestamp` would wait until then.
  const START = '2027-06-01T00:00:00.000Z';
  let secret: string;
  const owner = apiClient(() => ({ baseUrl: `${api.url}/api`, token: tenant.accessToken }));
  const call = apiClient(() => ({ baseUrl: `${api.url}/api`, token: tenant.apiKey }));

  beforeAll(async () => {
    const patched = await owner('PATCH', '/tenants/me', { body: { webhookUrl: receiver.url } });
    expect(patched.status).toBe(200);
    secret = String((await owner('GET', '/tenants/me')).body.webhookSigningSecret);
  });

  const created = async (path: string, body: Json): Promise<Json> => {
    const reply = await call('POST', path, { body });
    if (reply.status !== 201) throw new Error(`POST ${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body;
  };
  let customers = 0;
  const createCustomer = async (extra: Json = {}): Promise<string> => {
    customers += 1;
    const body = { externalId: `clock-hooks-${customers}`, email: 'c@example.com', currency: 'USD', ...extra };
    return String((await created('/customers', body)).id);
  };
  const createInvoice = async (customerId: string): Promise<string> =>
    String(
      (await created('/invoices', { customerId, items: [{ description: 'Setup', quantity: 1, unitAmount: 25 }] })).id,
    );

  /** The verified body of the delivery of `event` about `recordId` (its `data.id`), once it arrives. */
  async function deliveredEnvelope(event: string, recordId: string, skip = 0): Promise<Record<string, unknown>> {
    const matching = (): Record<string, unknown>[] =>
      receiver.received
        .map((request) => new Webhook(secret).verify(request.body, request.headers) as Record<string, unknown>)
        .filter((body) => body.event === event && (body.data as Json | undefined)?.id === recordId);
    await waitUntil(`${event} of ${recordId} to arrive`, () => matching().length > skip, 20_000);
    const envelope = matching()[skip];
    if (envelope === undefined) throw new Error('no delivery');
    expect(findSchemaViolations(webhookPayloadSchemaOf(event as 'invoice.created'), envelope, 'body')).toEqual([]);
    return envelope;
  }

  it('sends a clock customer’s invoice.created with testClockId and the clock’s time, at once', async () => {
    const clockId = String((await created('/test-clocks', { frozenTime: START })).id);
    const invoiceId = await createInvoice(await createCustomer({ testClockId: clockId }));
    const envelope = await deliveredEnvelope('invoice.created', invoiceId);
    expect(Object.keys(envelope)).toEqual(['id', 'event', 'timestamp', 'testClockId', 'data']);
    expect(envelope).toMatchObject({ event: 'invoice.created', timestamp: START, testClockId: clockId });
    expect((envelope.data as Json).createdAt).toBe(START);
    const history = await owner('GET', `/tenants/me/webhook-events/${String(envelope.id)}`);
    expect(history.body).toMatchObject({ occurredAt: START });
  });

  it('sends an ordinary customer’s invoice.created without a testClockId key, at the real time', async () => {
    const invoiceId = await createInvoice(await createCustomer());
    const envelope = await deliveredEnvelope('invoice.created', invoiceId);
    expect(Object.keys(envelope)).toEqual(['id', 'event', 'timestamp', 'data']);
    expect(Math.abs(Date.parse(String(envelope.timestamp)) - Date.now())).toBeLessThan(60_000);
  });

  it('redelivers a clock customer’s event with the same envelope: testClockId and the clock’s time', async () => {
    const clockId = String((await created('/test-clocks', { frozenTime: START })).id);
    const invoiceId = await createInvoice(await createCustomer({ testClockId: clockId }));
    const first = await deliveredEnvelope('invoice.created', invoiceId);
    const eventId = String(first.id);
    await waitUntil(
      'the first series to be DELIVERED',
      async () => (await owner('GET', `/tenants/me/webhook-events/${eventId}`)).body.status === 'DELIVERED',
    );
    const redelivered = await owner('POST', `/tenants/me/webhook-events/${eventId}/redeliver`);
    expect(redelivered).toMatchObject({ status: 200, body: { status: 'PENDING' } });
    const again = await deliveredEnvelope('invoice.created', invoiceId, 1);
    expect(again).toEqual(first);
  });

  it('sends a clock customer’s voided invoice and test_clock.ready on the clock’s time after an advance', async () => {
    const clockId = String((await created('/test-clocks', { frozenTime: START })).id);
    const invoiceId = await createInvoice(await createCustomer({ testClockId: clockId }));
    const LATER = '2027-06-20T12:00:00.000Z';
    expect((await call('POST', `/test-clocks/${clockId}/advance`, { body: { frozenTime: LATER } })).status).toBe(200);
    const ready = await deliveredEnvelope('test_clock.ready', clockId);
    expect(ready).toMatchObject({ timestamp: LATER, testClockId: clockId, data: { status: 'READY' } });
    expect((await call('POST', `/invoices/${invoiceId}/finalize`)).status).toBe(200);
    expect((await call('POST', `/invoices/${invoiceId}/void`)).status).toBe(200);
    const voided = await deliveredEnvelope('invoice.voided', invoiceId);
    expect(voided).toMatchObject({ timestamp: LATER, testClockId: clockId, data: { voidedAt: LATER } });
  });
});
