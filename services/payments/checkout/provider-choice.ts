import type { PaymentProviderRecord } from '../providers';

export type ProviderChoice =
  | { ok: true; provider: PaymentProviderRecord }
  | { ok: false; error: 'payment_provider_not_found' | 'no_payment_provider' | 'provider_currency_unsupported' };

/**
 * Whether a configuration takes `currency`: the provider's own set (its gateway's `currencies`) narrowed by the
 * configuration's `supportedCurrencies`, where empty means every currency the provider takes (CONTRACT §11).
 */
export function takesCurrency(
  provider: PaymentProviderRecord,
  currency: string,
  providerCurrencies: ReadonlySet<string>,
): boolean {
  if (!providerCurrencies.has(currency)) return false;
  return provider.supportedCurrencies.length === 0 || provider.supportedCurrencies.includes(currency);
}

/**
 * CONTRACT §11: the requested configuration (404 when unknown, 409 when it does not take the currency); without one,
 * the default if it takes the currency, else the oldest that does, else `no_payment_provider`.
 */
export function chooseProvider(request: {
  providers: readonly PaymentProviderRecord[];
  providerId: string | undefined;
  currency: string;
  currenciesOf: (provider: PaymentProviderRecord) => ReadonlySet<string>;
}): ProviderChoice {
  const takes = (provider: PaymentProviderRecord) =>
    takesCurrency(provider, request.currency, request.currenciesOf(provider));
  if (request.providerId !== undefined) {
    const named = request.providers.find((provider) => provider.id === request.providerId);
    if (named === undefined) return { ok: false, error: 'payment_provider_not_found' };
    return takes(named) ? { ok: true, provider: named } : { ok: false, error: 'provider_currency_unsupported' };
  }
  const oldestFirst = [...request.providers].sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id),
  );
  const chosen = oldestFirst.find((provider) => provider.isDefault && takes(provider)) ?? oldestFirst.find(takes);
  return chosen === undefined ? { ok: false, error: 'no_payment_provider' } : { ok: true, provider: chosen };
}
