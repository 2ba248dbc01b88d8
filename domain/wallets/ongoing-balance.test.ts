import fc from 'fast-check';
import { toCurrencyCode } from '../money';
import { wholeCredits } from './credits';
import { ongoingBalance } from './ongoing-balance';
import { creditsValue } from './wallet-rate';

const USD = toCurrencyCode('USD');
const HALF = { unscaled: 5n, scale: 1 };

describe('ongoingBalance', () => {
  it('takes the usage so far off the balance, in money and in the credits it will consume', () => {
    const wallet = { creditsBalance: wholeCredits(100n), rate: HALF, currency: USD };
    // 100 credits at 0.50 are 50.00; 12.35 of usage takes 24.7 credits.
    expect(ongoingBalance(wallet, 1235n)).toEqual({ ongoingBalanceMinor: 3765n, ongoingCredits: 7_530_000n });
  });

  it('goes below zero when the usage outruns the credits, and is the balance with no usage', () => {
    const wallet = { creditsBalance: wholeCredits(10n), rate: HALF, currency: USD };
    expect(ongoingBalance(wallet, 700n)).toEqual({ ongoingBalanceMinor: -200n, ongoingCredits: -400_000n });
    expect(ongoingBalance(wallet, 0n)).toEqual({ ongoingBalanceMinor: 500n, ongoingCredits: wholeCredits(10n) });
  });

  it('never promises more than consumption would leave: the ongoing credits are worth at most the ongoing balance', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        fc.integer({ min: 0, max: 6 }),
        fc.bigInt({ min: 0n, max: 10n ** 11n }),
        (creditsBalance, unscaled, scale, usageMinor) => {
          const rate = { unscaled, scale };
          const ongoing = ongoingBalance({ creditsBalance, rate, currency: USD }, usageMinor);
          expect(ongoing.ongoingBalanceMinor).toBe(creditsValue(creditsBalance, rate, USD) - usageMinor);
          if (ongoing.ongoingCredits >= 0n) {
            expect(creditsValue(ongoing.ongoingCredits, rate, USD)).toBeLessThanOrEqual(
              ongoing.ongoingBalanceMinor + 1n,
            );
          }
        },
      ),
    );
  });
});
