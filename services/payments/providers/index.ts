export type { ConnectionTestResult } from './connection-test';
export {
  PROVIDER_KINDS,
  openCredentials,
  type CredentialsByProvider,
  type FlutterwaveCredentials,
  type MpesaCredentials,
  type PaystackCredentials,
  type ProviderCredentials,
  type ProviderKind,
  type StripeCredentials,
} from './credentials';
export {
  findPaymentProvider,
  listPaymentProviders,
  type PaymentProviderRecord,
  type PaymentProviderSql,
} from './payment-provider-store';
export type { ProviderPendingWork } from './pending-work-port';
export type { CredentialsCheck } from './provider-change';
export {
  changePaymentProvider,
  configurePaymentProvider,
  paymentProviderNotFound,
  removePaymentProvider,
  testPaymentProvider,
} from './provider-configuration';
export { defaultBaseUrl, refusalMessage } from './provider-endpoints';
