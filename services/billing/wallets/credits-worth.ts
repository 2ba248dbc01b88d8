import { creditsDecimal, type CreditUnits } from '../../../domain/wallets';
import { exceedsMoneyMaximum, MAX_MONEY_MAJOR_UNITS, multiplyExact, type Decimal } from '../../../domain/money';
import { validationFailed } from '../../platform/errors';

/**
 * Credits a request adds must be worth at most the money maximum at the wallet's rate: their transaction (and a
 * purchase's invoice) records that value. 400 naming `body.<field>` otherwise.
 */
export function requireWorthWithinMoney(input: { credits: CreditUnits; rate: Decimal; field: string }): void {
  if (!exceedsMoneyMaximum(multiplyExact(creditsDecimal(input.credits), input.rate))) return;
  throw validationFailed([
    {
      path: `body.${input.field}`,
      message: `is worth more than ${MAX_MONEY_MAJOR_UNITS} at the wallet's rate`,
    },
  ]);
}
