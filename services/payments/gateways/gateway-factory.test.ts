import { fixedClock } from '../../../domain/clock';
import type { ProviderCredentials } from '../providers';
import { createGateway, providerCurrencies } from './gateway-factory';

const options = { apiBaseUrl: null, allowPrivateTargets: false, clock: fixedClock(new Date('2026-11-26T12:00:00Z')) };
const providers: ProviderCredentials[] = [
  { provider: 'STRIPE', credentials: { secretKey: 'sk_test_x', webhookSecret: 'whsec_x' } },
  { provider: 'PAYSTACK', credentials: { secretKey: 'sk_test_x' } },
  { provider: 'FLUTTERWAVE', credentials: { secretKey: 'FLWSECK_TEST-x', secretHash: 'hash' } },
  {
    provider: 'MPESA',
    credentials: {
      consumerKey: 'key',
      consumerSecret: 'secret',
      shortcode: '174379',
      passkey: 'pk',
      environment: 'sandbox',
    },
  },
];

describe('createGateway', () => {
  it.each(providers)("builds the $provider adapter, whose currencies are the provider's own", (provider) => {
    const gateway = createGateway(provider, options);

    expect(gateway.provider).toBe(provider.provider);
    expect(gateway.currencies).toBe(providerCurrencies(provider.provider));
  });

  it("knows each provider's currencies without credentials", () => {
    expect([...providerCurrencies('PAYSTACK')].sort()).toEqual(['GHS', 'KES', 'NGN', 'USD', 'ZAR']);
    expect([...providerCurrencies('MPESA')]).toEqual(['KES']);
    expect(providerCurrencies('STRIPE').has('JPY')).toBe(true);
    expect(providerCurrencies('STRIPE').has('XCG')).toBe(false);
  });
});
