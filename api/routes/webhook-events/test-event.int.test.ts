import { Webhook } from 'standardwebhooks';
import { apiClient } from '../../../test/harness/api-client';
import { waitUntil } from '../../../test/harness/wait-for';
import { setUpWebhookDeliverySuite } from '../../../test/fixtures/webhook-delivery-suite';
import { findSchemaViolations } from '../../validation/validator';
import { webhookPayloadSchemaOf } from './payload-schemas';

/** POST /tenants/me/webhook-events/test, delivered for real: API, outbox relay, worker, a receiver that verifies. */
describe('test webhook events', () => {
  const { api, receiver, tenant } = setUpWebhookDeliverySuite('webhook-test-event');

  const call = apiClient(() => ({ baseUrl: `${api.url}/api`, token: tenant.accessToken }));
  const setWebhookUrl = (webhookUrl: string | null) => call('PATCH', '/tenants/me', { body: { webhookUrl } });

  it('is 409 webhook_url_not_set while the tenant has nowhere to send it, and records nothing', async () => {
    expect((await setWebhookUrl(null)).status).toBe(200);
    const refused = await call('POST', '/tenants/me/webhook-events/test', { body: {} });
    expect([refused.status, refused.body.error]).toEqual([409, 'webhook_url_not_set']);
    expect((await call('GET', '/tenants/me/webhook-events')).body).toMatchObject({ data: [] });
  });

  it('refuses an unknown event naming body.event', async () => {
    const refused = await call('POST', '/tenants/me/webhook-events/test', { body: { event: 'invoice.exploded' } });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body.details)).toContain('body.event');
  });

  it('delivers a signed sample of the asked event, valid against its documented payload, and lists it', async () => {
    expect((await setWebhookUrl(receiver.url)).status).toBe(200);
    const secret = String((await call('GET', '/tenants/me')).body.webhookSigningSecret);
    for (const event of ['payment.succeeded', undefined] as const) {
      const before = receiver.received.length;
      const sent = await call('POST', '/tenants/me/webhook-events/test', {
        body: event === undefined ? {} : { event },
      });
      expect(sent.status).toBe(201);
      const expected = event ?? 'invoice.created';
      expect(sent.body).toMatchObject({ event: expected, status: 'PENDING' });
      // Generous: under a full suite's load the relay, the delivery workflow and its attempt each wait for a core.
      await waitUntil('the sample to arrive', () => receiver.received.length > before, 50_000);
      const delivery = receiver.received[before];
      if (delivery === undefined) throw new Error('no delivery');
      const payload = new Webhook(secret).verify(delivery.body, delivery.headers) as Record<string, unknown>;
      expect(payload).toMatchObject({ id: sent.body.id, event: expected });
      expect(findSchemaViolations(webhookPayloadSchemaOf(expected), payload, 'body')).toEqual([]);
      await waitUntil(
        'the event to be DELIVERED',
        async () =>
          (await call('GET', `/tenants/me/webhook-events/${String(sent.body.id)}`)).body.status === 'DELIVERED',
      );
    }
  }, 150_000);
});
