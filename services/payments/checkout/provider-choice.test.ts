import type { PaymentProviderRecord } from '../providers';
import { chooseProvider } from './provider-choice';

const CURRENCIES: Record<string, ReadonlySet<string>> = {
  STRIPE: new Set(['USD', 'EUR', 'KES', 'NGN']),
  PAYSTACK: new Set(['NGN', 'GHS', 'ZAR', 'KES', 'USD']),
  MPESA: new Set(['KES']),
};

function provider(
  id: string,
  kind: PaymentProviderRecord['provider'],
  options: { createdAt: string; isDefault?: boolean; supportedCurrencies?: string[] },
): PaymentProviderRecord {
  return {
    id,
    provider: kind,
    name: null,
    isDefault: options.isDefault ?? false,
    supportedCurrencies: options.supportedCurrencies ?? [],
    apiBaseUrl: null,
    sealedCredentials: '',
    credentialHints: {},
    createdAt: new Date(options.createdAt),
    updatedAt: new Date(options.createdAt),
  };
}

const stripe = provider('pp_stripe', 'STRIPE', { createdAt: '2026-01-02T00:00:00Z' });
const paystack = provider('pp_paystack', 'PAYSTACK', { createdAt: '2026-01-01T00:00:00Z' });
const mpesaDefault = provider('pp_mpesa', 'MPESA', { createdAt: '2026-01-03T00:00:00Z', isDefault: true });

const choose = (providers: PaymentProviderRecord[], currency: string, providerId?: string) =>
  chooseProvider({ providers, providerId, currency, currenciesOf: (p) => CURRENCIES[p.provider] ?? new Set() });

describe('chooseProvider', () => {
  test('takes the default when it takes the currency', () => {
    expect(choose([stripe, paystack, mpesaDefault], 'KES')).toEqual({ ok: true, provider: mpesaDefault });
  });

  test('falls back to the oldest that takes the currency when the default does not', () => {
    expect(choose([stripe, paystack, mpesaDefault], 'USD')).toEqual({ ok: true, provider: paystack });
    expect(choose([stripe, paystack, mpesaDefault], 'EUR')).toEqual({ ok: true, provider: stripe });
  });

  test('narrows the provider set by the configuration’s supportedCurrencies, empty meaning all', () => {
    const narrowed = { ...paystack, supportedCurrencies: ['NGN'] };
    expect(choose([stripe, narrowed], 'USD')).toEqual({ ok: true, provider: stripe });
    expect(choose([narrowed], 'USD')).toEqual({ ok: false, error: 'no_payment_provider' });
  });

  test('refuses with no_payment_provider when none takes the currency or none is configured', () => {
    expect(choose([mpesaDefault], 'JPY')).toEqual({ ok: false, error: 'no_payment_provider' });
    expect(choose([], 'USD')).toEqual({ ok: false, error: 'no_payment_provider' });
  });

  test('an explicit providerId is used, unknown is not found, wrong currency is unsupported', () => {
    expect(choose([stripe, paystack], 'USD', 'pp_stripe')).toEqual({ ok: true, provider: stripe });
    expect(choose([stripe], 'USD', 'pp_other')).toEqual({ ok: false, error: 'payment_provider_not_found' });
    expect(choose([mpesaDefault], 'USD', 'pp_mpesa')).toEqual({ ok: false, error: 'provider_currency_unsupported' });
  });
});
