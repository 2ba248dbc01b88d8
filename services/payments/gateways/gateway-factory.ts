import type { ProviderKind } from '../../../domain/payments';
import type { ProviderCredentials } from '../providers';
import { FLUTTERWAVE_CURRENCIES } from './flutterwave-currencies';
import { createFlutterwaveGateway } from './flutterwave-gateway';
import type { GatewayOptions, PaymentGateway } from './gateway';
import { createMpesaGateway, MPESA_CURRENCIES } from './mpesa-gateway';
import { createPaystackGateway } from './paystack-gateway';
import { PAYSTACK_CURRENCIES } from './paystack-currencies';
import { createSandboxGateway, SANDBOX_CURRENCIES } from './sandbox-gateway';
import { createStripeGateway } from './stripe-gateway';
import { STRIPE_CURRENCIES } from './stripe-currencies';

/** Builds a provider's adapter from its opened credentials: `createGateway` in production, a stand-in in tests. */
export type GatewayFactory = (provider: ProviderCredentials, options: GatewayOptions) => PaymentGateway;

/** The adapter of a provider, built with its (opened) credentials: the one place that knows every provider. */
export function createGateway(provider: ProviderCredentials, options: GatewayOptions): PaymentGateway {
  switch (provider.provider) {
    case 'STRIPE':
      return createStripeGateway(provider.credentials, options);
    case 'PAYSTACK':
      return createPaystackGateway(provider.credentials, options);
    case 'FLUTTERWAVE':
      return createFlutterwaveGateway(provider.credentials, options);
    case 'MPESA':
      return createMpesaGateway(provider.credentials, options);
    case 'SANDBOX':
      return createSandboxGateway(provider.credentials, options);
  }
}

/**
 * The currencies a provider takes, without credentials (choosing a provider for an invoice, CONTRACT §11's
 * `provider_currency_unsupported`): the same sets the adapters expose as `currencies`.
 */
export function providerCurrencies(provider: ProviderKind): ReadonlySet<string> {
  switch (provider) {
    case 'STRIPE':
      return STRIPE_CURRENCIES;
    case 'PAYSTACK':
      return PAYSTACK_CURRENCIES;
    case 'FLUTTERWAVE':
      return FLUTTERWAVE_CURRENCIES;
    case 'MPESA':
      return MPESA_CURRENCIES;
    case 'SANDBOX':
      return SANDBOX_CURRENCIES;
  }
}
