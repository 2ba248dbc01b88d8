import { randomBytes } from 'node:crypto';
import { newId } from '../../../infra/ids';
import { mpesaCallbackToken } from '../../../services/payments/records';
import { startMpesaFake } from '../../../test/fakes/mpesa-fake';
import { describeProviderPath } from '../../../test/scenarios/provider-path-suite';

/**
 * M-Pesa's path (issue 17 "Done when"): Daraja signs nothing, so the STK callback URL carries the payment's secret
 * token (derived from ENCRYPTION_KEY, only its hash stored); the checkout expires after 5 minutes, so the verification
 * fallback is the STK query at expiry.
 */
describeProviderPath({
  provider: 'MPESA',
  currency: 'KES',
  amount: 1500,
  credentials: () => ({
    consumerKey: `ck-${randomBytes(8).toString('hex')}`,
    consumerSecret: `cs-${randomBytes(8).toString('hex')}`,
    shortcode: '174379',
    passkey: randomBytes(16).toString('hex'),
    environment: 'sandbox' as const,
    initiatorName: 'testapi',
    securityCredential: randomBytes(32).toString('base64'),
  }),
  startFake: (credentials) => startMpesaFake(credentials),
  checkoutBody: { phoneNumber: '+254712345678' },
  paymentEventType: 'stkCallback',
  refund: { amount: 500, settledBy: 'notification' },
  refusedCopies: (genuine, { payer, paymentId, encryptionKey }) => {
    const withToken = (token: string | null, extra: Record<string, string> = {}) => {
      const url = new URL(genuine.url);
      if (token === null) url.searchParams.delete('token');
      else url.searchParams.set('token', token);
      for (const [name, value] of Object.entries(extra)) url.searchParams.set(name, value);
      return { ...genuine, url: url.toString() };
    };
    return [
      withToken(randomBytes(32).toString('hex')),
      // The token of another payment of the same tenant, and of this payment id under another tenant.
      withToken(mpesaCallbackToken(encryptionKey, payer.tenant.tenantId, newId('payment'))),
      withToken(mpesaCallbackToken(encryptionKey, newId('tenant'), paymentId)),
      withToken(null),
      // A parameter the callback does not read (a proxy's) changes nothing: the token decides, 401 and not 400.
      withToken(randomBytes(32).toString('hex'), { utm_source: 'proxy' }),
    ];
  },
});
