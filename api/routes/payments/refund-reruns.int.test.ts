import { toCurrencyCode } from '../../../domain/money';
import { sqlOf } from '../../../infra/db/sql';
import { newId } from '../../../infra/ids';
import { requestFingerprint, requestKeyOf } from '../../../services/platform/idempotency';
import { insertPendingRefund } from '../../../services/payments/refunds';
import { changeAppliedAmount } from '../../../services/payments/records';
import type { Json } from '../../../test/harness/api-client';
import { setUpProviderRefundSuite, stripeRefunds } from '../../../test/fixtures/provider-refund-suite';
import { uniqueKeys } from '../../../test/fixtures/unique-keys';

const credentials = {
  secretKey: 'sk_test_51Reruns0000000000000000000',
  webhookSecret: 'whsec_reruns0000000000000000000',
};
const USD = toCurrencyCode('USD');

/**
 * A refund asked under an Idempotency-Key through the Stripe fake: a repeat while the first run is at the provider
 * waits (409); a repeat after the first run's process died continues that run's refund, and Stripe (which takes our
 * refund id as its idempotency key) makes one refund.
 */
describe('refunds re-run under an Idempotency-Key (Stripe)', () => {
  const { api, fake: stripe, gateway, tenant, call, fixture } = setUpProviderRefundSuite(stripeRefunds(credentials));
  const { store, payment } = fixture;
  const uniqueKey = uniqueKeys('refund-rerun');
  const refundWithKey = (paymentId: string, key: string, body: Json) =>
    call('POST', `/payments/${paymentId}/refund`, { body, headers: { 'Idempotency-Key': key } });
  const stripeRefundsOf = (paymentIntent: string) =>
    stripe.refunds().filter((refund) => refund.payment_intent === paymentIntent);

  /**
   * What a process killed during the refund leaves: the key claimed two minutes ago with a lease long lapsed, and the
   * refund reserved PENDING under the request's key (optionally already sent to Stripe, the answer lost).
   */
  async function diedMidRefund(input: { paymentId: string; paymentIntent: string; key: string; amount: number }) {
    const claimedAt = new Date(Date.now() - 120_000);
    const fingerprint = requestFingerprint({
      method: 'POST',
      path: `/api/payments/${input.paymentId}/refund`,
      body: { amount: input.amount },
    });
    await sqlOf(api.orm).query(
      `insert into central.idempotency_keys
         (api_key_id, idempotency_key, fingerprint, created_at, lease_owner, lease_expires_at)
       values (?, ?, ?, ?, 'killed-process', ? )`,
      [tenant.apiKeyId, input.key, fingerprint, claimedAt, new Date(claimedAt.getTime() + 60_000)],
    );
    const requestKey = requestKeyOf({ apiKeyId: tenant.apiKeyId, idempotencyKey: input.key, claimedAt });
    // What the first run's reservation wrote: the PENDING refund, its money taken out of what the payment pays.
    const refund = await store().transactional(async (transaction) => {
      const reserved = await insertPendingRefund(store(), transaction, {
        id: newId('refund'),
        paymentId: input.paymentId,
        amountMinor: BigInt(input.amount * 100),
        creditMinor: 0n,
        currency: USD,
        reason: null,
        createCreditNote: false,
        now: claimedAt,
        requestKey,
      });
      await changeAppliedAmount(store(), transaction, {
        paymentId: input.paymentId,
        deltaMinor: -BigInt(input.amount * 100),
        now: claimedAt,
      });
      return reserved;
    });
    const sendToStripe = () =>
      gateway.refund({
        refundId: refund.id,
        paymentReference: input.paymentId,
        providerReference: input.paymentIntent,
        amountMinor: refund.amountMinor,
        currency: USD,
        reason: null,
        callbackUrl: `${api.url}/api/webhooks/stripe`,
      });
    return { refund, sendToStripe };
  }

  it('answers a repeat 409 idempotency_request_in_progress while the first run waits on Stripe', async () => {
    const { paymentId } = await fixture.paidPayment();
    const key = uniqueKey();
    const body = { amount: 20 };
    const slowStripe = stripe.holdNextCall('/v1/refunds');
    const firstRun = refundWithKey(paymentId, key, body);
    await slowStripe.received;
    const repeat = await refundWithKey(paymentId, key, body);
    expect(repeat.status).toBe(409);
    expect(repeat.body.error).toBe('idempotency_request_in_progress');
    slowStripe.answer();
    const first = await firstRun;
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ status: 'SUCCEEDED', amount: 20 });
    const replay = await refundWithKey(paymentId, key, body);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
  });

  it('continues the refund of a run that died after Stripe made it: the same refund, made and counted once', async () => {
    const { paymentId, providerReference: paymentIntent } = await fixture.paidPayment();
    const key = uniqueKey();
    const body = { amount: 20 };
    const died = await diedMidRefund({ paymentId, paymentIntent, key, amount: body.amount });
    expect(await died.sendToStripe()).toMatchObject({ status: 'succeeded' });

    const rerun = await refundWithKey(paymentId, key, body);
    expect(rerun.status).toBe(201);
    expect(rerun.headers.get('idempotent-replayed')).toBeNull();
    expect(rerun.body).toMatchObject({ id: died.refund.id, status: 'SUCCEEDED', amount: 20 });
    // Stripe was asked twice under the same idempotency key (our refund id) and made one refund.
    const asked = stripe.requests.filter((request) => request.body.includes(died.refund.id));
    expect(asked.map((request) => request.headers['idempotency-key'])).toEqual([died.refund.id, died.refund.id]);
    expect(stripeRefundsOf(paymentIntent)).toHaveLength(1);
    expect(rerun.body.providerReference).toBe(stripeRefundsOf(paymentIntent)[0]?.id);
    expect(await payment(paymentId)).toMatchObject({
      status: 'PARTIALLY_REFUNDED',
      amountRefunded: 20,
      refunds: [expect.objectContaining({ id: died.refund.id, status: 'SUCCEEDED' })],
    });
    const replay = await refundWithKey(paymentId, key, body);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(rerun.body);
  });

  it('continues the refund of a run that died before asking Stripe: one refund, asked once', async () => {
    const { paymentId, providerReference: paymentIntent } = await fixture.paidPayment();
    const key = uniqueKey();
    const body = { amount: 20 };
    const died = await diedMidRefund({ paymentId, paymentIntent, key, amount: body.amount });
    const rerun = await refundWithKey(paymentId, key, body);
    expect(rerun.status).toBe(201);
    expect(rerun.body).toMatchObject({ id: died.refund.id, status: 'SUCCEEDED' });
    expect(stripeRefundsOf(paymentIntent)).toHaveLength(1);
    expect(await payment(paymentId)).toMatchObject({ amountRefunded: 20, refunds: [expect.anything()] });
  });

  it('returns a settled refund of a run that died as it stands, without asking Stripe again', async () => {
    const { paymentId, providerReference: paymentIntent } = await fixture.paidPayment();
    const key = uniqueKey();
    const body = { amount: 50 };
    const died = await diedMidRefund({ paymentId, paymentIntent, key, amount: body.amount });
    await died.sendToStripe();
    // Stripe's notification settled it (the payment is fully refunded) before anyone repeated the request.
    const notification = fixture.verifiedRefundNotification(stripe.refundNotification(died.refund.id, api.url));
    await fixture.applyNotification(paymentId, notification);
    const askedBefore = stripe.requests.length;

    const rerun = await refundWithKey(paymentId, key, body);
    expect(rerun.status).toBe(201);
    expect(rerun.body).toMatchObject({ id: died.refund.id, status: 'SUCCEEDED' });
    expect(stripe.requests).toHaveLength(askedBefore);
    expect(await payment(paymentId)).toMatchObject({ status: 'REFUNDED', amountRefunded: 50 });
  });
});
