import { apiClient } from '../../test/harness/api-client';
import { setUpResourceTest } from '../../test/fixtures/resource-test';

/** A platform that turns the SANDBOX provider off (the production default) offers none of it. */
describe('the SANDBOX provider turned off (PAYMENT_SANDBOX_ENABLED=false)', () => {
  const { api, tenant } = setUpResourceTest({ api: { env: { PAYMENT_SANDBOX_ENABLED: 'false' } } });
  const client = apiClient(() => ({ baseUrl: `${api.url}/api`, token: tenant.apiKey }));

  it('refuses a SANDBOX configuration, naming the field, and stores nothing', async () => {
    const refused = await client('POST', '/payment-providers', { body: { provider: 'SANDBOX' } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: 'validation_failed',
      details: [{ path: 'body.provider', message: expect.stringContaining('PAYMENT_SANDBOX_ENABLED') as unknown }],
    });
    const listed = await client('GET', '/payment-providers');
    expect(listed.body).toMatchObject({ data: [], meta: { total: 0 } });
  });

  it('answers sandbox payment actions with 409 sandbox_disabled', async () => {
    for (const action of ['pay', 'decline']) {
      const reply = await client('POST', `/payments/pay_01JD6Z8Q2W3E4R5T6Y7U8I9O0P/sandbox/${action}`);
      expect(reply.status).toBe(409);
      expect(reply.body).toMatchObject({ error: 'sandbox_disabled' });
    }
  });

  it('serves no checkout page and no sandbox API', async () => {
    for (const path of ['/sandbox/checkout/cs_sbx_3q9V0fJk2xYcL1mNpRtUw', '/sandbox/v1/checkouts']) {
      const reply = await fetch(`${api.url}${path}`);
      expect(reply.status).toBe(404);
      expect(await reply.text()).not.toContain('Checkout');
    }
  });
});
