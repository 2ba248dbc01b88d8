import fc from 'fast-check';
import { type Money } from '../money';
import { percentageExact, pricePercentage, type PercentageTerms } from './percentage-charge';
import { decimal, USD } from '../../test/fixtures/charge-model-values';

const usd = (amount: bigint): Money => ({ amount, currency: USD });
const price = (amounts: string[], terms: PercentageTerms) =>
  pricePercentage({ transactions: amounts.map(decimal), terms, currency: USD });

describe('pricePercentage', () => {
  it('takes the rate of every transaction: 2.5% of 100 + 200 = 7.50', () => {
    expect(price(['100', '200'], { rate: decimal('2.5') })).toEqual(usd(750n));
  });

  it('adds the fixed amount per paying transaction: 1% of 100 + 0.30, twice', () => {
    expect(price(['100', '100'], { rate: decimal('1'), fixedAmount: decimal('0.30') })).toEqual(usd(260n));
  });

  it('makes the first N transactions free, fixed fee included', () => {
    const terms = { rate: decimal('10'), fixedAmount: decimal('1'), freeUnitsPerEvents: 2n };
    expect(price(['50', '50', '50'], terms)).toEqual(usd(600n));
  });

  it('makes the first X of amount free; a partly covered transaction pays on its excess', () => {
    const terms = { rate: decimal('10'), fixedAmount: decimal('1'), freeUnitsPerTotalAggregation: decimal('120') };
    // 100 free; 80 covered by the 20 left → pays on 60: 6 + 1; 100 pays: 10 + 1.
    expect(price(['100', '80', '100'], terms)).toEqual(usd(1800n));
  });

  it('ends the allowance at whichever of the two free settings is used up first', () => {
    const terms = { rate: decimal('10'), freeUnitsPerEvents: 1n, freeUnitsPerTotalAggregation: decimal('1000') };
    // The one free event covers 100 of the 1000; the second pays in full.
    expect(price(['100', '100'], terms)).toEqual(usd(1000n));
    const small = { rate: decimal('10'), freeUnitsPerEvents: 5n, freeUnitsPerTotalAggregation: decimal('150') };
    // 100 free, 100 half covered (pays on 50), then nothing free though events remain.
    expect(price(['100', '100', '100'], small)).toEqual(usd(1500n));
  });

  it('clamps each paying transaction fee to [min, max]', () => {
    const terms = { rate: decimal('1'), perTransactionMin: decimal('0.50'), perTransactionMax: decimal('5') };
    // 1% of 10 = 0.10 → 0.50; 1% of 100 = 1.00; 1% of 10000 = 100 → 5.
    expect(price(['10', '100', '10000'], terms)).toEqual(usd(650n));
  });

  it('charges nothing, not even the minimum, for a free or zero transaction', () => {
    const terms = { rate: decimal('1'), perTransactionMin: decimal('1'), freeUnitsPerEvents: 1n };
    expect(price(['100', '0'], terms)).toEqual(usd(0n));
  });

  it('rounds once over all transactions', () => {
    // 0.4% of 1 = 0.004 per transaction: rounded each would be 0.00; once, three of them are 0.012 → 0.01.
    expect(price(['1', '1', '1'], { rate: decimal('0.4') })).toEqual(usd(1n));
  });

  it('never charges more than the rate plus fixed fee of every transaction, and at most max per transaction', () => {
    const amount = fc.integer({ min: 0, max: 100000 }).map((cents) => decimal(`${cents}e-2`));
    fc.assert(
      fc.property(fc.array(amount, { maxLength: 20 }), fc.integer({ min: 0, max: 1000000 }), (transactions, rate) => {
        const terms = { rate: decimal(`${rate}e-4`), perTransactionMax: decimal('7') };
        const fee = percentageExact({ transactions, terms });
        expect(fee.numerator <= 7n * BigInt(transactions.length) * fee.denominator).toBe(true);
        expect(fee.numerator >= 0n).toBe(true);
      }),
    );
  });
});
