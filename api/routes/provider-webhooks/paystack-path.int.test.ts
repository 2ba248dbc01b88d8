import { randomBytes } from 'node:crypto';
import { paystackSignature, startPaystackFake } from '../../../test/fakes/paystack-fake';
import { describeProviderPath } from '../../../test/scenarios/provider-path-suite';

/** Paystack's path (issue 17 "Done when"): `x-paystack-signature`, hex HMAC-SHA512 of the body with the secret key. */
describeProviderPath({
  provider: 'PAYSTACK',
  currency: 'NGN',
  amount: 5000,
  credentials: () => ({ secretKey: `sk_test_${randomBytes(16).toString('hex')}` }),
  startFake: (credentials) => startPaystackFake(credentials),
  paymentEventType: 'charge.success',
  refund: { amount: 2000, settledBy: 'notification' },
  refusedCopies: (genuine, { otherCredentials }) => {
    const signedWith = (secretKey: string) => ({
      ...genuine,
      headers: { 'x-paystack-signature': paystackSignature(secretKey, genuine.body) },
    });
    return [signedWith('sk_test_forged'), signedWith(otherCredentials.secretKey), { ...genuine, headers: {} }];
  },
});
