import { toCurrencyCode } from '../../../domain/money';
import { createInvoice } from '../invoices';
import { findInvoice } from '../invoices';
import { createCreditNote, type NewCreditNote } from './create-credit-note';
import { consumeCustomerCredit, customerCreditBalance, grantCustomerCredit } from '../../catalog/customer-credit';
import { setUpTenantStoreTest } from '../../../test/fixtures/tenant-store-test';
import { insertCustomerRow } from '../../../test/fixtures/customer-rows';

const USD = toCurrencyCode('USD');
const EUR = toCurrencyCode('EUR');
// The known answer: cancel now on a 30.00 in-advance plan on 2026-01-16 credits 15.48.
const NOW = new Date('2026-01-16T00:00:00.000Z');

describe('credit notes and customer credit (infra)', () => {
  const { store, sql } = setUpTenantStoreTest();
  /** An OPEN invoice of `amountMinor`, as the subscription workflow makes one (finalized at once). */
  const openInvoice = async (customerId: string, amountMinor: bigint) =>
    createInvoice(store, {
      customerId,
      currency: USD,
      lines: [
        {
          type: 'SUBSCRIPTION',
          description: 'Basic',
          quantity: '1',
          unitAmount: (Number(amountMinor) / 100).toFixed(2),
          amountMinor,
        },
      ],
      autoFinalize: true,
      now: NOW,
    });
  const cancelCredit = (invoiceId: string, extra: Partial<NewCreditNote> = {}): NewCreditNote => ({
    invoiceId,
    reason: 'ORDER_CHANGE',
    amountMinor: 1548n,
    description: 'Unused part of Basic, 2026-01-16 to 2026-02-01',
    finalize: true,
    idempotencyKey: `sub_x:period:2026-01-01:cancel:${invoiceId}`,
    now: NOW,
    ...extra,
  });

  it('issues a FINALIZED note at once for the subscription workflow, lowering the amount due', async () => {
    const invoice = await openInvoice(await insertCustomerRow(sql), 3000n);
    const outcome = await createCreditNote(store, cancelCredit(invoice.id));
    expect(outcome).toMatchObject({
      ok: true,
      value: {
        status: 'FINALIZED',
        number: 'CN-2026-000001',
        amountMinor: 1548n,
        issuedAt: NOW,
        reason: 'ORDER_CHANGE',
      },
    });
    expect(await findInvoice(store, invoice.id)).toMatchObject({ amountCreditedMinor: 1548n, amountDueMinor: 1452n });
  });

  it('returns the note already made for the same idempotency key, even when retries race', async () => {
    const invoice = await openInvoice(await insertCustomerRow(sql), 3000n);
    const note = cancelCredit(invoice.id);
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => createCreditNote(store, note)));
    const ids = new Set(outcomes.map((outcome) => (outcome.ok ? outcome.value.id : outcome.error)));
    expect(ids.size).toBe(1);
    expect(await sql('select id from $schema.credit_notes')).toHaveLength(1);
    expect(await findInvoice(store, invoice.id)).toMatchObject({ amountDueMinor: 1452n });
  });

  it('refuses an unknown invoice and an amount beyond the total', async () => {
    expect(await createCreditNote(store, cancelCredit('inv_01JD0000000000000000000000'))).toMatchObject({
      ok: false,
      error: 'invoice_not_found',
    });
    const invoice = await openInvoice(await insertCustomerRow(sql), 1000n);
    const over = await createCreditNote(store, cancelCredit(invoice.id, { amountMinor: 1001n }));
    expect(over).toMatchObject({ ok: false, error: 'credit_exceeds_invoice_total' });
  });

  it('keeps customer credit per currency and never lets concurrent consumers spend it twice', async () => {
    const customerId = await insertCustomerRow(sql);
    await store.transactional((transaction) =>
      grantCustomerCredit(store, transaction, { customerId, currency: USD, amountMinor: 1000n }),
    );
    await store.transactional((transaction) =>
      grantCustomerCredit(store, transaction, { customerId, currency: EUR, amountMinor: 77n }),
    );
    const invoices = await Promise.all(Array.from({ length: 6 }, () => openInvoice(customerId, 100000n)));
    // Each finalize above already took what it could: 10.00 in all, once.
    const [taken] = await sql<{ taken: string }>(
      "select (-sum(amount_minor))::text as taken from $schema.customer_credit_entries where amount_minor < 0 and currency = 'USD'",
    );
    expect(taken?.taken).toBe('1000');
    const racing = await Promise.all(
      invoices.map((invoice) =>
        store.transactional((transaction) =>
          consumeCustomerCredit(store, transaction, {
            customerId,
            currency: USD,
            invoiceId: invoice.id,
            maxMinor: 500n,
          }),
        ),
      ),
    );
    expect(racing).toEqual([0n, 0n, 0n, 0n, 0n, 0n]);
    expect(await customerCreditBalance(store, undefined, customerId, USD)).toBe(0n);
    expect(await customerCreditBalance(store, undefined, customerId, EUR)).toBe(77n);
  });

  it('consumes at most the balance and at most what is asked, under concurrency', async () => {
    const customerId = await insertCustomerRow(sql);
    const invoice = await openInvoice(customerId, 100n);
    await store.transactional((transaction) =>
      grantCustomerCredit(store, transaction, { customerId, currency: USD, amountMinor: 1000n }),
    );
    const takes = await Promise.all(
      Array.from({ length: 8 }, () =>
        store.transactional((transaction) =>
          consumeCustomerCredit(store, transaction, {
            customerId,
            currency: USD,
            invoiceId: invoice.id,
            maxMinor: 300n,
          }),
        ),
      ),
    );
    expect([...takes].sort((a, b) => Number(b - a))).toEqual([300n, 300n, 300n, 100n, 0n, 0n, 0n, 0n]);
    expect(await customerCreditBalance(store, undefined, customerId, USD)).toBe(0n);
  });
});
