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
    expect(allocatePayment({ amountMinor: 1000n, dueMinor: 2500n })).toEqual({
      appliedMinor: 1000n,
      creditedMinor: 0n,
      remainingDueMinor: 1500n,
    });
  });

  it('makes all of it credit when nothing is due', () => {
    expect(allocatePayment({ amountMinor: 2000n, dueMinor: 0n })).toEqual({
      appliedMinor: 0n,
      creditedMinor: 2000n,
      remainingDueMinor: 0n,
    });
  });
});

describe('refundAllowance', () => {
  it('grants what fits in the capture less the reserved refunds, and the rest when no amount is asked', () => {
    expect(refundAllowance({ capturedMinor: 10000n, reservedMinor: 2500n, askedMinor: 7500n })).toEqual({
      ok: true,
      amountMinor: 7500n,
    });
    expect(refundAllowance({ capturedMinor: 10000n, reservedMinor: 2500n })).toEqual({ ok: true, amountMinor: 7500n });
  });

  it('refuses more than is left, nothing when all is reserved, and a non-positive amount', () => {
    expect(refundAllowance({ capturedMinor: 10000n, reservedMinor: 2500n, askedMinor: 7501n })).toEqual({
      ok: false,
      leftMinor: 7500n,
    });
    expect(refundAllowance({ capturedMinor: 10000n, reservedMinor: 10000n })).toEqual({ ok: false, leftMinor: 0n });
    expect(refundAllowance({ capturedMinor: 10000n, reservedMinor: 0n, askedMinor: 0n })).toEqual({
      ok: false,
      leftMinor: 10000n,
    });
  });
});

describe('statusAfterRefund', () => {
  it('is REFUNDED once everything went back, PARTIALLY_REFUNDED before', () => {
    expect(statusAfterRefund(10000n, 9999n)).toBe('PARTIALLY_REFUNDED');
    expect(statusAfterRefund(10000n, 10000n)).toBe('REFUNDED');
  });
});
