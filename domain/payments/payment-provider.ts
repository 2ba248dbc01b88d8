/**
 * The payment providers a tenant can configure, each with its own credentials, gateway and notifications. SANDBOX is
 * the platform's own stand-in provider (no account, any currency), for trying payments; its payments are left out of
 * analytics.
 */
export const PROVIDER_KINDS = ['STRIPE', 'PAYSTACK', 'FLUTTERWAVE', 'MPESA', 'SANDBOX'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

/** Who took a payment: one of the providers, or MANUAL (recorded by hand, no provider involved). */
export const PAYMENT_PROVIDERS = [...PROVIDER_KINDS, 'MANUAL'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
