export * from './customer-credit';
export * from './payment-credit';
export type { CreditEntryKind } from './credit-lots';
