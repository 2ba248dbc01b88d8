import { randomBytes } from 'node:crypto';
import { startStripeFake, stripeSignatureHeader } from '../../../test/fakes/stripe-fake';
import { describeProviderPath } from '../../../test/scenarios/provider-path-suite';

/** Stripe's path (issue 17 "Done when"): `Stripe-Signature` over `t.body`, refused when older than 300 s. */
describeProviderPath({
  provider: 'STRIPE',
  currency: 'USD',
  amount: 49.99,
  credentials: () => ({
    secretKey: `sk_test_${randomBytes(12).toString('hex')}`,
    webhookSecret: `whsec_${randomBytes(16).toString('hex')}`,
  }),
  startFake: (credentials) => startStripeFake(credentials),
  paymentEventType: 'checkout.session.completed',
  refund: {
    amount: 20,
    settledBy: 'notification',
    prepare: (fake) => {
      fake.setRefundStatus('pending');
    },
  },
  refusedCopies: (genuine, { credentials, otherCredentials }) => {
    const nowSeconds = Math.floor(Date.now() / 1000);
    const signedWith = (secret: string, timestamp = nowSeconds) => ({
      ...genuine,
      headers: { 'stripe-signature': stripeSignatureHeader(secret, genuine.body, timestamp) },
    });
    return [
      signedWith('whsec_forged'),
      signedWith(otherCredentials.webhookSecret),
      { ...genuine, headers: {} },
      // Stale: signed with the right secret 301 s ago (a captured request replayed).
      signedWith(credentials.webhookSecret, nowSeconds - 301),
    ];
  },
});
