import fc from 'fast-check';
import { computeAmountDue, computeInvoiceTotals } from './invoice-totals';
import { checkInvoiceTransition } from './invoice-transitions';

describe('invoice totals', () => {
  it('totals equal the sum of the lines exactly, negative lines included', () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n })), (amounts) => {
        const totals = computeInvoiceTotals({
          lineAmountsMinor: amounts,
          discountMinor: 0n,
          amountCreditedMinor: 0n,
          prepaidCreditAmountMinor: 0n,
          amountPaidMinor: 0n,
        });
        const sum = amounts.reduce((total, amount) => total + amount, 0n);
        expect(totals.subtotalMinor).toBe(sum);
        expect(totals.totalMinor).toBe(sum);
        expect(totals.amountDueMinor).toBe(sum > 0n ? sum : 0n);
      }),
    );
  });

  it('keeps the proration known answer: -14.97 + 40.77 = 25.80', () => {
    const totals = computeInvoiceTotals({
      lineAmountsMinor: [-1497n, 4077n],
      discountMinor: 0n,
      amountCreditedMinor: 0n,
      prepaidCreditAmountMinor: 0n,
      amountPaidMinor: 0n,
    });
    expect(totals.totalMinor).toBe(2580n);
  });

  it('subtracts the discount from the subtotal: 29.00 − 5.80 = 23.20 due', () => {
    const totals = computeInvoiceTotals({
      lineAmountsMinor: [2900n],
      discountMinor: 580n,
      amountCreditedMinor: 0n,
      prepaidCreditAmountMinor: 0n,
      amountPaidMinor: 0n,
    });
    expect(totals).toEqual({
      subtotalMinor: 2900n,
      discountMinor: 580n,
      taxMinor: 0n,
      totalMinor: 2320n,
      amountDueMinor: 2320n,
    });
  });

  it('owes nothing once credits and payments cover the total', () => {
    expect(
      computeAmountDue({
        totalMinor: 1000n,
        amountCreditedMinor: 400n,
        prepaidCreditAmountMinor: 0n,
        amountPaidMinor: 0n,
      }),
    ).toBe(600n);
    expect(
      computeAmountDue({
        totalMinor: 1000n,
        amountCreditedMinor: 400n,
        prepaidCreditAmountMinor: 0n,
        amountPaidMinor: 600n,
      }),
    ).toBe(0n);
    expect(
      computeAmountDue({
        totalMinor: -500n,
        amountCreditedMinor: 0n,
        prepaidCreditAmountMinor: 0n,
        amountPaidMinor: 0n,
      }),
    ).toBe(0n);
  });

  it('takes wallet credits off like a payment: 100.00 − 30.00 credited − 45.00 prepaid − 20.00 paid = 5.00', () => {
    const paidBy = { amountCreditedMinor: 3000n, prepaidCreditAmountMinor: 4500n, amountPaidMinor: 2000n };
    expect(computeAmountDue({ totalMinor: 10000n, ...paidBy })).toBe(500n);
    expect(computeAmountDue({ totalMinor: 9000n, ...paidBy })).toBe(0n);
  });
});

describe('invoice transitions', () => {
  it.each([
    ['DRAFT', 'finalize', true],
    ['OPEN', 'finalize', false],
    ['DRAFT', 'void', true],
    ['OPEN', 'void', true],
    ['PAID', 'void', false],
    ['VOIDED', 'void', false],
    ['OPEN', 'mark_paid', true],
    ['DRAFT', 'mark_paid', false],
    ['PAID', 'mark_paid', false],
    ['UNCOLLECTIBLE', 'mark_paid', true],
    ['UNCOLLECTIBLE', 'void', true],
    ['OPEN', 'mark_uncollectible', true],
    ['DRAFT', 'mark_uncollectible', false],
    ['PAID', 'mark_uncollectible', false],
    ['VOIDED', 'mark_uncollectible', false],
    ['UNCOLLECTIBLE', 'mark_uncollectible', false],
    ['OPEN', 'checkout', true],
    ['UNCOLLECTIBLE', 'checkout', true],
    ['PAID', 'checkout', false],
    ['DRAFT', 'checkout', false],
    ['OPEN', 'send_email', true],
    ['UNCOLLECTIBLE', 'send_email', true],
    ['PAID', 'send_email', true],
    ['DRAFT', 'send_email', false],
    ['VOIDED', 'send_email', false],
  ] as const)('%s → %s allowed: %s', (status, action, allowed) => {
    expect(checkInvoiceTransition(status, action) === undefined).toBe(allowed);
  });
});
