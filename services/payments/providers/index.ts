export {
  MPESA_ENVIRONMENTS,
  openCredentials,
  type CredentialsByProvider,
  type FlutterwaveCredentials,
  type MpesaCredentials,
  type MpesaEnvironment,
  type PaystackCredentials,
  type ProviderCredentials,
  type SandboxCredentials,
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
  type TestedPaymentProvider,
} from './provider-configuration';
export { defaultBaseUrl, refusalMessage } from './provider-endpoints';
export { sandboxAccountOf, type SandboxAccount } from './sandbox-credentials';
