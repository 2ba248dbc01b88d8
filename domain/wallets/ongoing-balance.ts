import type { CurrencyCode, Decimal } from '../money';
import type { CreditUnits } from './credits';
import { creditsCovering, creditsValue } from './wallet-rate';

/** A wallet's balance once the usage its customer has run up and not yet been invoiced for is taken off. */
export interface OngoingBalance {
  /** balance − usage so far, in minor units; below zero when the usage outruns the credits. */
  ongoingBalanceMinor: bigint;
  /** creditsBalance − the credits that usage will take (amount / rate rounded up, as consumption takes them). */
  ongoingCredits: CreditUnits;
}

/**
 * The ongoing balance of a wallet whose customer has used `usageMinor` so far: what will be left once that usage is
 * invoiced and paid from the wallet, counted the way consumption counts it.
 */
export function ongoingBalance(
  wallet: { creditsBalance: CreditUnits; rate: Decimal; currency: CurrencyCode },
  usageMinor: bigint,
): OngoingBalance {
  const balanceMinor = creditsValue(wallet.creditsBalance, wallet.rate, wallet.currency);
  return {
    ongoingBalanceMinor: balanceMinor - usageMinor,
    ongoingCredits: wallet.creditsBalance - creditsCovering(usageMinor, wallet.rate, wallet.currency),
  };
}
