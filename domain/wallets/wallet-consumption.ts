import type { CurrencyCode, Decimal } from '../money';
import type { CreditUnits } from './credits';
import { lotsBalance, takeCredits, type CreditLot, type LotTake } from './wallet-lots';
import { creditsCovering, creditsValue } from './wallet-rate';

/** A wallet as an invoice meets it at finalize. */
export interface WalletFunds {
  walletId: string;
  rate: Decimal;
  currency: CurrencyCode;
  lots: readonly CreditLot[];
}

/** What an invoice takes from a wallet: `amountMinor` off its amount due, paid with `credits` from `takes`. */
export interface WalletConsumption {
  walletId: string;
  amountMinor: bigint;
  credits: CreditUnits;
  takes: LotTake[];
}

/**
 * An invoice owing `dueMinor` takes min(due, balance) from the wallet, and pays for it with the fewest credits worth
 * that much (amount / rate rounded up to 5 decimals), never more than the wallet holds: when the balance is all it
 * takes, it takes every credit. Undefined when nothing is taken (nothing due, an empty wallet, another currency).
 */
export function consumeWallet(
  wallet: WalletFunds,
  dueMinor: bigint,
  currency: CurrencyCode,
): WalletConsumption | undefined {
  if (dueMinor <= 0n || wallet.currency !== currency) return undefined;
  const balanceCredits = lotsBalance(wallet.lots);
  const balanceMinor = creditsValue(balanceCredits, wallet.rate, wallet.currency);
  const amountMinor = dueMinor < balanceMinor ? dueMinor : balanceMinor;
  if (amountMinor <= 0n) return undefined;
  const covering = creditsCovering(amountMinor, wallet.rate, wallet.currency);
  const credits = amountMinor === balanceMinor || covering > balanceCredits ? balanceCredits : covering;
  const takes = takeCredits(wallet.lots, credits);
  if (takes === undefined) throw new RangeError('a wallet consumption took more credits than the wallet holds');
  return { walletId: wallet.walletId, amountMinor, credits, takes };
}
