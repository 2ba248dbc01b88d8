import { toCurrencyCode } from '../../../domain/money';
import type { Json } from '../../../test/harness/api-client';
import { startPaystackFake } from '../../../test/fakes/paystack-fake';
import { setUpProviderRefundSuite } from '../../../test/fixtures/provider-refund-suite';

const credentials = { secretKey: 'sk_test_refunds0000000000000000000000' };
const NGN = toCurrencyCode('NGN');

/**
 * Paystack refunds (`POST /refund` against the transaction id) are queued: the refund stays PENDING until
 * `refund.processed` or `refund.failed`, which do not echo our refund id, so the refund is found by Paystack's.
 */
describe('provider refunds (Paystack)', () => {
  const {
    api,
    fake: paystack,
    tenant,
    call,
    fixture,
  } = setUpProviderRefundSuite({
    provider: 'PAYSTACK',
    credentials,
    startFake: () => startPaystackFake(credentials),
    currency: NGN,
    unitAmount: 5000,
    amountMinor: 500000n,
  });
  const { sql, refund, payment } = fixture;
  /** A SUCCEEDED Paystack payment of 5,000.00 NGN: a transaction paid at the fake, its id recorded. */
  const paidThroughPaystack = async () => {
    const { paymentId, providerReference } = await fixture.paidPayment();
    return { paymentId, transactionId: providerReference };
  };
  const refundNotification = (refundId: string, outcome: 'succeeded' | 'failed') =>
    fixture.verifiedRefundNotification(paystack.refundNotification(refundId, api.url, outcome));
  const apply = fixture.applyNotification;

  it('queues the refund at Paystack (PENDING) and completes it on refund.processed, found by Paystack’s id', async () => {
    const { paymentId, transactionId } = await paidThroughPaystack();
    const { status, body } = await refund(paymentId, { amount: 1200.5, reason: 'Damaged' });
    expect(status).toBe(201);
    expect(body).toMatchObject({ status: 'PENDING', amount: 1200.5, currency: 'NGN' });
    const sent = paystack.requests.filter((request) => request.path === '/refund');
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]?.body ?? '{}')).toMatchObject({
      transaction: transactionId,
      amount: 120050,
      merchant_note: `Damaged (${String(body.id)})`,
    });
    const notification = refundNotification(String(body.id), 'succeeded');
    expect(notification).toMatchObject({ refundId: null, providerRefundId: body.providerReference });
    expect(await apply(paymentId, notification)).toMatchObject({ applied: true, changed: true });
    expect(await payment(paymentId)).toMatchObject({
      status: 'PARTIALLY_REFUNDED',
      amountRefunded: 1200.5,
      refunds: [expect.objectContaining({ id: body.id, status: 'SUCCEEDED' })],
    });
  });

  it('fails the refund on refund.failed and frees the cap', async () => {
    const { paymentId } = await paidThroughPaystack();
    const { body } = await refund(paymentId);
    expect(body).toMatchObject({ status: 'PENDING', amount: 5000 });
    expect(await apply(paymentId, refundNotification(String(body.id), 'failed'))).toMatchObject({ changed: true });
    const [row] = (await payment(paymentId)).refunds as Json[];
    expect(row).toMatchObject({ status: 'FAILED', failureReason: expect.stringContaining('refund.failed') as unknown });
    expect(await payment(paymentId)).toMatchObject({ status: 'SUCCEEDED', amountRefunded: 0 });
  });

  it('matches a notification that overtook the refund call’s answer to the one PENDING refund without an id', async () => {
    const { paymentId } = await paidThroughPaystack();
    const { body } = await refund(paymentId, { amount: 100 });
    // As if the answer carrying Paystack's id had not been stored yet when the notification came.
    await sql('update $schema.refunds set provider_refund_id = null where id = ?', [body.id]);
    const notification = refundNotification(String(body.id), 'succeeded');
    expect(await apply(paymentId, notification)).toMatchObject({ applied: true, changed: true });
    expect((await payment(paymentId)).refunds).toEqual([
      expect.objectContaining({ id: body.id, status: 'SUCCEEDED', providerReference: notification.providerRefundId }),
    ]);
  });

  it('never asks Paystack twice when a request that died after queueing its refund is run again', async () => {
    const { paymentId, transactionId } = await paidThroughPaystack();
    const headers = { 'Idempotency-Key': `paystack-rerun-${paymentId}` };
    const first = await call('POST', `/payments/${paymentId}/refund`, { body: { amount: 100 }, headers });
    expect(first.body).toMatchObject({ status: 'PENDING' });
    // The state a process killed right after the refund call leaves: no answer kept, a lease nobody renews.
    await sql(
      `update central.idempotency_keys set response_status = null, response_body = null,
              lease_expires_at = now() - interval '1 second'
        where api_key_id = ? and idempotency_key = ?`,
      [tenant.apiKeyId, headers['Idempotency-Key']],
    );
    const rerun = await call('POST', `/payments/${paymentId}/refund`, { body: { amount: 100 }, headers });
    expect(rerun.status).toBe(201);
    expect(rerun.headers.get('idempotent-replayed')).toBeNull();
    expect(rerun.body).toMatchObject({ id: first.body.id, status: 'PENDING' });
    // Paystack takes no idempotency key: a second call could queue a second refund, so it waits for its notification.
    const asked = paystack.requests.filter(
      (request) => request.path === '/refund' && request.body.includes(transactionId),
    );
    expect(asked).toHaveLength(1);
    expect((await payment(paymentId)).refunds).toHaveLength(1);
  });
});
