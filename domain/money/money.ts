import { type CurrencyCode } from './currency';

/** An amount as an integer count of the currency's minor units (4999n USD is 49.99): never a float. */
export interface Money {
  readonly amount: bigint;
  readonly currency: CurrencyCode;
}
