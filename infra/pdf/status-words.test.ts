import { creditNoteStatusWord, invoiceStatusWord, type StatusFacts } from './status-words';

const due = new Date('2027-02-28T12:00:00Z');
const facts = (changes: Partial<StatusFacts>): StatusFacts => ({
  status: 'OPEN',
  dueDate: due,
  amountPaid: 0n,
  amountDue: 10000n,
  amountRefunded: 0n,
  ...changes,
});

describe('invoiceStatusWord', () => {
  it.each<[string, Partial<StatusFacts>, string]>([
    ['a draft', { status: 'DRAFT', dueDate: null }, 'Draft'],
    ['an open invoice with something due', {}, 'Due 2027-02-28'],
    ['an open invoice without a due date', { dueDate: null }, 'Due'],
    ['an open invoice with nothing left due', { amountDue: 0n }, 'Paid'],
    ['a paid invoice', { status: 'PAID', amountPaid: 10000n, amountDue: 0n }, 'Paid'],
    ['a paid invoice settled by credit alone', { status: 'PAID', amountDue: 0n }, 'Paid'],
    [
      'a paid invoice with part of its payment refunded',
      { status: 'PAID', amountPaid: 10000n, amountDue: 0n, amountRefunded: 2500n },
      'Partially refunded',
    ],
    [
      'a paid invoice with all of its payment refunded',
      { status: 'PAID', amountPaid: 10000n, amountDue: 0n, amountRefunded: 10000n },
      'Refunded',
    ],
    ['a voided invoice', { status: 'VOIDED', amountDue: 0n }, 'Void'],
    ['an uncollectible invoice', { status: 'UNCOLLECTIBLE' }, 'Uncollectible'],
  ])('words %s as the customer reads it', (_, changes, word) => {
    expect(invoiceStatusWord(facts(changes), 'UTC')).toBe(word);
  });

  it('writes the due date in the given time zone', () => {
    expect(invoiceStatusWord(facts({ dueDate: new Date('2027-02-28T23:30:00Z') }), 'Asia/Tokyo')).toBe(
      'Due 2027-03-01',
    );
  });
});

describe('creditNoteStatusWord', () => {
  it('says Draft, Issued and Void', () => {
    expect([creditNoteStatusWord('DRAFT'), creditNoteStatusWord('FINALIZED'), creditNoteStatusWord('VOIDED')]).toEqual([
      'Draft',
      'Issued',
      'Void',
    ]);
  });
});
