import { settleFinalizedCreditNote, settleVoidedCreditNote, type CreditedInvoice } from './credit-note-settlement';

const invoice = (fields: Partial<CreditedInvoice>): CreditedInvoice => ({
  status: 'OPEN',
  totalMinor: 10000n,
  amountCreditedMinor: 0n,
  prepaidCreditAmountMinor: 0n,
  amountPaidMinor: 0n,
  amountDueMinor: 10000n,
  ...fields,
});

describe('settleFinalizedCreditNote', () => {
  it('lowers an OPEN invoice’s amount due by the note, nothing to customer credit', () => {
    expect(settleFinalizedCreditNote(invoice({}), 2500n)).toEqual({
      amountCreditedMinor: 2500n,
      amountDueMinor: 7500n,
      status: 'OPEN',
      customerCreditMinor: 0n,
    });
  });

  it('settles an OPEN invoice credited in full: PAID', () => {
    expect(settleFinalizedCreditNote(invoice({}), 10000n)).toMatchObject({ amountDueMinor: 0n, status: 'PAID' });
  });

  it('gives the excess over the amount due (lowered by customer credit at finalize) to customer credit', () => {
    const partlyCredited = invoice({ amountCreditedMinor: 8000n, amountDueMinor: 2000n });
    expect(settleFinalizedCreditNote(partlyCredited, 5000n)).toEqual({
      amountCreditedMinor: 13000n,
      amountDueMinor: 0n,
      status: 'PAID',
      customerCreditMinor: 3000n,
    });
  });

  it('keeps what wallet credits paid: only the rest of the amount due is lowered, the excess is customer credit', () => {
    const partlyPrepaid = invoice({ prepaidCreditAmountMinor: 6000n, amountDueMinor: 4000n });
    expect(settleFinalizedCreditNote(partlyPrepaid, 5000n)).toEqual({
      amountCreditedMinor: 5000n,
      amountDueMinor: 0n,
      status: 'PAID',
      customerCreditMinor: 1000n,
    });
  });

  it('turns the whole note on a PAID invoice into customer credit', () => {
    const paid = invoice({ status: 'PAID', amountPaidMinor: 10000n, amountDueMinor: 0n });
    expect(settleFinalizedCreditNote(paid, 1234n)).toEqual({
      amountCreditedMinor: 1234n,
      amountDueMinor: 0n,
      status: 'PAID',
      customerCreditMinor: 1234n,
    });
  });

  it('keeps an OPEN invoice with nothing due OPEN (no credit applied to it) and credits the customer', () => {
    const nothingDue = invoice({ totalMinor: 0n, amountDueMinor: 0n });
    expect(settleFinalizedCreditNote(nothingDue, 100n)).toMatchObject({ status: 'OPEN', customerCreditMinor: 100n });
  });
});

describe('settleVoidedCreditNote', () => {
  it('undoes a finalize on an OPEN invoice exactly', () => {
    const before = invoice({});
    const finalized = settleFinalizedCreditNote(before, 2500n);
    const after = settleVoidedCreditNote({ ...before, ...finalized }, { amountMinor: 2500n, grantedMinor: 0n });
    expect(after).toEqual({
      ok: true,
      value: { amountCreditedMinor: 0n, amountDueMinor: 10000n, status: 'OPEN', customerCreditMinor: 0n },
    });
  });

  it('reopens an invoice the credit alone settled, and names the granted part to take back', () => {
    const settled = invoice({ status: 'PAID', amountCreditedMinor: 13000n, amountDueMinor: 0n });
    const after = settleVoidedCreditNote(settled, { amountMinor: 5000n, grantedMinor: 3000n });
    expect(after).toEqual({
      ok: true,
      value: { amountCreditedMinor: 8000n, amountDueMinor: 2000n, status: 'OPEN', customerCreditMinor: 3000n },
    });
  });

  it('leaves a PAID invoice whose note went wholly to customer credit PAID', () => {
    const paid = invoice({ status: 'PAID', amountCreditedMinor: 1234n, amountPaidMinor: 10000n, amountDueMinor: 0n });
    const after = settleVoidedCreditNote(paid, { amountMinor: 1234n, grantedMinor: 1234n });
    expect(after).toMatchObject({ ok: true, value: { status: 'PAID', amountDueMinor: 0n, amountCreditedMinor: 0n } });
  });

  it('refuses when the invoice was paid after the credit lowered its amount due', () => {
    const paidAfter = invoice({
      status: 'PAID',
      amountCreditedMinor: 3000n,
      amountPaidMinor: 7000n,
      amountDueMinor: 0n,
    });
    expect(settleVoidedCreditNote(paidAfter, { amountMinor: 3000n, grantedMinor: 0n })).toMatchObject({
      ok: false,
      error: 'invalid_state_transition',
    });
  });

  it('raises the amount due of an UNCOLLECTIBLE invoice again, which stays UNCOLLECTIBLE', () => {
    const writtenOff = invoice({ status: 'UNCOLLECTIBLE', amountCreditedMinor: 3000n, amountDueMinor: 7000n });
    expect(settleVoidedCreditNote(writtenOff, { amountMinor: 3000n, grantedMinor: 0n })).toEqual({
      ok: true,
      value: { amountCreditedMinor: 0n, amountDueMinor: 10000n, status: 'UNCOLLECTIBLE', customerCreditMinor: 0n },
    });
  });

  it('leaves the amount due of a VOIDED invoice alone', () => {
    const voided = invoice({ status: 'VOIDED', amountCreditedMinor: 3000n, amountDueMinor: 0n });
    expect(settleVoidedCreditNote(voided, { amountMinor: 3000n, grantedMinor: 0n })).toMatchObject({
      ok: true,
      value: { status: 'VOIDED', amountDueMinor: 0n, amountCreditedMinor: 0n },
    });
  });
});
