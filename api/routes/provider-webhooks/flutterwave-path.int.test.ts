import { randomBytes } from 'node:crypto';
import { startFlutterwaveFake } from '../../../test/fakes/flutterwave-fake';
import { describeProviderPath } from '../../../test/scenarios/provider-path-suite';

/**
 * Flutterwave's path (issue 17 "Done when"): `verif-hash` equal to the configured secret hash; the body is not signed,
 * so a success counts only once Flutterwave's verification API confirms it (the workflow asks it either way).
 */
describeProviderPath({
  provider: 'FLUTTERWAVE',
  currency: 'NGN',
  amount: 2500,
  credentials: () => ({
    secretKey: `FLWSECK_TEST-${randomBytes(16).toString('hex')}-X`,
    secretHash: `hash-${randomBytes(12).toString('hex')}`,
  }),
  startFake: (credentials) => startFlutterwaveFake(credentials),
  paymentEventType: 'charge.completed',
  refund: { amount: 1000, settledBy: 'answer' },
  refusedCopies: (genuine, { otherCredentials }) => [
    { ...genuine, headers: { 'verif-hash': 'forged' } },
    { ...genuine, headers: { 'verif-hash': otherCredentials.secretHash } },
    { ...genuine, headers: {} },
  ],
});
