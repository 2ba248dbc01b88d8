import fc from 'fast-check';
import { allocatePayment, refundAllowance, statusAfterRefund } from './payment-allocation';

describe('allocatePayment', () => {
  it('pays what is due and no more; the excess is credit', () => {
    expect(allocatePayment({ amountMinor: 2500n, dueMinor: 2500n })).toEqual({
      appliedMinor: 2500n,
      creditedMinor: 0n,
      remainingDueMinor: 0n,
    });
    expect(allocatePayment({ amountMinor: 3000n, dueMinor: 2500n })).toEqual({
      appliedMinor: 2500n,
      creditedMinor: 500n,
      remainingDueMinor: 0n,
    });
  });

  it('leaves the rest due when less came in than was asked', () => {
    expect(allocatePayment({ amountMinor: 9900n, dueMinor: 10000n })).toEqual({
      appliedMinor: 9900n,
      creditedMinor: 0n,
      remainingDueMinor: 100n,
    });
  });

  it('makes all of it credit when nothing is due', () => {
    expect(allocatePayment({ amountMinor: 2000n, dueMinor: 0n })).toEqual({
      appliedMinor: 0n,
      creditedMinor: 2000n,
      remainingDueMinor: 0n,
    });
  });

  it('makes money in another currency credit in that currency, leaving the invoice due', () => {
    expect(allocatePayment({ amountMinor: 2000n, dueMinor: 2500n, sameCurrency: false })).toEqual({
      appliedMinor: 0n,
      creditedMinor: 2000n,
      remainingDueMinor: 2500n,
    });
  });

  it('conserves the amount whatever is due', () => {
    fc.assert(
      fc.property(fc.bigInt(1n, 10n ** 15n), fc.bigInt(-10n, 10n ** 15n), fc.boolean(), (amount, due, same) => {
        const split = allocatePayment({ amountMinor: amount, dueMinor: due, sameCurrency: same });
        expect(split.appliedMinor + split.creditedMinor).toBe(amount);
        expect(split.appliedMinor >= 0n && split.creditedMinor >= 0n && split.remainingDueMinor >= 0n).toBe(true);
      }),
    );
  });
});

describe('refundAllowance', () => {
  it('takes the unused credit back first, then what still pays the invoice', () => {
    expect(refundAllowance({ appliedMinor: 7000n, unusedCreditMinor: 3000n, askedMinor: 4000n })).toEqual({
      ok: true,
      amountMinor: 4000n,
      creditMinor: 3000n,
      appliedMinor: 1000n,
    });
    expect(refundAllowance({ appliedMinor: 7000n, unusedCreditMinor: 3000n, askedMinor: 2000n })).toEqual({
      ok: true,
      amountMinor: 2000n,
      creditMinor: 2000n,
      appliedMinor: 0n,
    });
  });

  it('refunds all that is refundable when no amount is asked', () => {
    expect(refundAllowance({ appliedMinor: 7000n, unusedCreditMinor: 500n })).toEqual({
      ok: true,
      amountMinor: 7500n,
      creditMinor: 500n,
      appliedMinor: 7000n,
    });
  });

  it('refuses more than is refundable, naming the maximum, and a non-positive amount', () => {
    expect(refundAllowance({ appliedMinor: 0n, unusedCreditMinor: 2500n, askedMinor: 2501n })).toEqual({
      ok: false,
      refundableMinor: 2500n,
    });
    expect(refundAllowance({ appliedMinor: 0n, unusedCreditMinor: 0n })).toEqual({ ok: false, refundableMinor: 0n });
    expect(refundAllowance({ appliedMinor: 100n, unusedCreditMinor: 0n, askedMinor: 0n })).toEqual({
      ok: false,
      refundableMinor: 100n,
    });
  });

  it('never takes more credit than is unused nor more than is applied', () => {
    fc.assert(
      fc.property(fc.bigInt(0n, 10n ** 12n), fc.bigInt(0n, 10n ** 12n), fc.bigInt(1n, 10n ** 13n), (a, u, asked) => {
        const share = refundAllowance({ appliedMinor: a, unusedCreditMinor: u, askedMinor: asked });
        if (!share.ok) {
          expect(asked > a + u).toBe(true);
          return;
        }
        expect(share.creditMinor + share.appliedMinor).toBe(asked);
        expect(share.creditMinor <= u && share.appliedMinor <= a).toBe(true);
        expect(share.appliedMinor > 0n ? share.creditMinor === u : true).toBe(true);
      }),
    );
  });
});

describe('statusAfterRefund', () => {
  it('is REFUNDED once everything went back, PARTIALLY_REFUNDED before, SUCCEEDED when nothing did', () => {
    expect(statusAfterRefund(10000n, 9999n)).toBe('PARTIALLY_REFUNDED');
    expect(statusAfterRefund(10000n, 10000n)).toBe('REFUNDED');
    expect(statusAfterRefund(10000n, 0n)).toBe('SUCCEEDED');
  });
});
