import { noCanceledCheckoutNotice } from '../../../services/payments/checkout';
import { requireId } from '../../../domain/ids';
import { toCurrencyCode } from '../../../domain/money';
import { findPayment, listPayments } from '../../payments/records';
import { createInvoice, type NewInvoice, type NewInvoiceLine } from './create-invoice';
import { finalizeInvoice, finalizeInvoiceIfDraft } from './finalize-invoice';
import { findInvoice } from './invoice-queries';
import { markInvoicePaid, voidInvoice } from '../../payments/settlement';
import { invoiceView } from './invoice-view';
import { setUpTenantStoreTest } from '../../../test/fixtures/tenant-store-test';
import { insertCustomerRow } from '../../../test/fixtures/customer-rows';

const USD = toCurrencyCode('USD');
const NOW = new Date('2026-01-16T00:00:00.000Z');
const DAY = 86_400_000;

const line = (amountMinor: bigint, extra: Partial<NewInvoiceLine> = {}): NewInvoiceLine => ({
  type: 'MANUAL',
  description: 'Consulting',
  quantity: '1',
  unitAmount: (Number(amountMinor) / 100).toFixed(2),
  amountMinor,
  ...extra,
});

describe('invoices (infra)', () => {
  const { tenant, store, sql } = setUpTenantStoreTest();
  const setTenantSettings = (settings: Record<string, unknown>) =>
    sql('update central.tenants set settings = ?::jsonb where id = ?', [JSON.stringify(settings), tenant.tenantId]);
  const events = () =>
    sql<{ event_type: string; data: Record<string, unknown> }>(
      'select event_type, data from $schema.webhook_events order by id',
    );
  const invoice = (customerId: string, extra: Partial<NewInvoice> = {}): NewInvoice => ({
    customerId,
    currency: USD,
    lines: [line(1000n), line(250n, { quantity: '2.50', unitAmount: '1' })],
    autoFinalize: false,
    now: NOW,
    ...extra,
  });

  it('creates a DRAFT with exact totals and lines, and records invoice.created with the API view', async () => {
    const customerId = await insertCustomerRow(sql);
    const created = await createInvoice(store, invoice(customerId, { metadata: { order: '42' } }));
    expect(created).toMatchObject({ status: 'DRAFT', number: null, subtotalMinor: 1250n, totalMinor: 1250n });
    expect(created.amountDueMinor).toBe(1250n);
    expect(created.lines.map((l) => [l.quantity, l.unitAmount, l.amountMinor])).toEqual([
      ['1', '10', 1000n],
      ['2.5', '1', 250n],
    ]);
    expect(await events()).toEqual([{ event_type: 'invoice.created', data: invoiceView(created) }]);
    expect(invoiceView(created)).toMatchObject({
      subtotal: 12.5,
      total: 12.5,
      amountDue: 12.5,
      metadata: { order: '42' },
    });
  });

  it('keeps the proration known answer: -14.97 + 40.77 = 25.80', async () => {
    const customerId = await insertCustomerRow(sql);
    const created = await createInvoice(
      store,
      invoice(customerId, {
        lines: [
          line(-1497n, { type: 'PRORATION', unitAmount: '-14.97' }),
          line(4077n, { type: 'PRORATION', unitAmount: '40.77' }),
        ],
      }),
    );
    expect(invoiceView(created)).toMatchObject({ subtotal: 25.8, total: 25.8, amountDue: 25.8 });
  });

  it('finalizes at once when asked, numbering from the tenant prefix and due after the tenant terms', async () => {
    await setTenantSettings({ invoicePrefix: 'ACME', netPaymentTerms: 14 });
    const created = await createInvoice(store, invoice(await insertCustomerRow(sql), { autoFinalize: true }));
    expect(created).toMatchObject({ status: 'OPEN', number: 'ACME-2026-000001', issuedAt: NOW });
    expect(created.dueDate).toEqual(new Date(NOW.getTime() + 14 * DAY));
    expect((await events()).map((event) => event.data.status)).toEqual(['OPEN']);
  });

  it('uses the customer terms over the tenant terms', async () => {
    const draft = await createInvoice(store, invoice(await insertCustomerRow(sql, { netPaymentTerms: 7 })));
    const finalized = await finalizeInvoice(store, draft.id, NOW);
    expect(finalized.ok && finalized.value.dueDate).toEqual(new Date(NOW.getTime() + 7 * DAY));
  });

  it('holds a generated invoice as DRAFT for the grace period, then finalizes it once', async () => {
    await setTenantSettings({ invoiceGracePeriodDays: 3 });
    const held = await createInvoice(store, invoice(await insertCustomerRow(sql), { autoFinalize: true }));
    expect(held).toMatchObject({ status: 'DRAFT', finalizeAfter: new Date(NOW.getTime() + 3 * DAY) });
    const later = new Date(NOW.getTime() + 3 * DAY);
    const finalized = await finalizeInvoiceIfDraft(store, held.id, later);
    expect(finalized).toMatchObject({
      status: 'OPEN',
      number: 'INV-2026-000001',
      issuedAt: later,
      finalizeAfter: null,
    });
    const again = await finalizeInvoiceIfDraft(store, held.id, new Date(later.getTime() + DAY));
    expect(again).toMatchObject({ status: 'OPEN', number: 'INV-2026-000001', issuedAt: later });
  });

  it('returns the first invoice for a repeated idempotency key and creates nothing more', async () => {
    const customerId = await insertCustomerRow(sql);
    const first = await createInvoice(store, invoice(customerId, { idempotencyKey: 'sub_x:period:1:base' }));
    const [again, concurrent] = await Promise.all([
      createInvoice(store, invoice(customerId, { idempotencyKey: 'sub_x:period:1:base' })),
      createInvoice(store, invoice(customerId, { idempotencyKey: 'sub_x:period:1:base' })),
    ]);
    expect([again.id, concurrent.id]).toEqual([first.id, first.id]);
    expect(await sql('select id from $schema.invoices')).toHaveLength(1);
    expect(await sql('select id from $schema.invoice_lines')).toHaveLength(2);
    expect(await events()).toHaveLength(1);
  });

  it('grants a negative total as customer credit, which the next invoice consumes; nothing due means PAID', async () => {
    const customerId = await insertCustomerRow(sql);
    const credit = await createInvoice(
      store,
      invoice(customerId, { autoFinalize: true, lines: [line(-3000n, { type: 'PRORATION' }), line(1000n)] }),
    );
    expect(credit).toMatchObject({ status: 'PAID', totalMinor: -2000n, amountDueMinor: 0n, paidAt: NOW });
    const covered = await createInvoice(store, invoice(customerId, { autoFinalize: true, lines: [line(1500n)] }));
    expect(covered).toMatchObject({ status: 'PAID', amountCreditedMinor: 1500n, amountDueMinor: 0n });
    const partly = await createInvoice(store, invoice(customerId, { autoFinalize: true, lines: [line(1000n)] }));
    expect(partly).toMatchObject({ status: 'OPEN', amountCreditedMinor: 500n, amountDueMinor: 500n });
    const balance = await sql<{ balance: string }>(
      'select sum(amount_minor)::text as balance from $schema.customer_credit_entries where customer_id = ?',
      [customerId],
    );
    expect(balance[0]?.balance).toBe('0');
    expect((await events()).map((event) => event.event_type)).toEqual([
      'invoice.created',
      'invoice.paid',
      'invoice.created',
      'invoice.paid',
      'invoice.created',
    ]);
  });

  it('marks an OPEN invoice paid with a SUCCEEDED MANUAL payment for what was due', async () => {
    const draft = await createInvoice(store, invoice(await insertCustomerRow(sql)));
    expect(await markInvoicePaid(store, draft.id, NOW, noCanceledCheckoutNotice)).toEqual({
      ok: false,
      error: { code: 'invalid_state_transition', status: 'DRAFT', action: 'mark_paid' },
    });
    await finalizeInvoice(store, draft.id, NOW);
    const paid = await markInvoicePaid(store, draft.id, NOW, noCanceledCheckoutNotice);
    expect(paid.ok && paid.value).toMatchObject({
      status: 'PAID',
      amountPaidMinor: 1250n,
      amountDueMinor: 0n,
      paidAt: NOW,
    });
    const { records } = await listPayments(store, { filter: { invoiceId: draft.id }, limit: 10, offset: 0 });
    expect(records).toHaveLength(1);
    expect(await findPayment(store, records[0]?.id ?? '')).toMatchObject({
      amountMinor: 1250n,
      provider: 'MANUAL',
      status: 'SUCCEEDED',
    });
    expect((await events()).map((event) => event.event_type)).toEqual([
      'invoice.created',
      'payment.succeeded',
      'invoice.paid',
    ]);
    expect((await voidInvoice(store, draft.id, NOW, noCanceledCheckoutNotice)).ok).toBe(false);
  });

  it('voids DRAFT and OPEN invoices with invoice.voided, and refuses every other transition', async () => {
    const customerId = await insertCustomerRow(sql);
    const draft = await createInvoice(store, invoice(customerId));
    const voided = await voidInvoice(store, draft.id, NOW, noCanceledCheckoutNotice);
    expect(voided.ok && voided.value).toMatchObject({ status: 'VOIDED', voidedAt: NOW, amountDueMinor: 0n });
    for (const action of [finalizeInvoice, voidInvoice, markInvoicePaid]) {
      expect(await action(store, draft.id, NOW, noCanceledCheckoutNotice)).toMatchObject({
        ok: false,
        error: { code: 'invalid_state_transition' },
      });
    }
    const open = await createInvoice(store, invoice(customerId, { autoFinalize: true }));
    expect((await voidInvoice(store, open.id, NOW, noCanceledCheckoutNotice)).ok).toBe(true);
    expect(await finalizeInvoice(store, requireId('invoice', 'inv_01JD0000000000000000000000'), NOW)).toEqual({
      ok: false,
      error: { code: 'invoice_not_found' },
    });
    expect((await events()).map((event) => event.event_type)).toEqual([
      'invoice.created',
      'invoice.voided',
      'invoice.created',
      'invoice.voided',
    ]);
    expect(await findInvoice(store, open.id)).toMatchObject({ status: 'VOIDED', number: 'INV-2026-000001' });
  });

  it('numbers 50 concurrent finalizes 000001..000050 without gap or duplicate', async () => {
    const customerId = await insertCustomerRow(sql);
    const drafts = [];
    for (let n = 0; n < 50; n += 1) drafts.push(await createInvoice(store, invoice(customerId)));
    const results = await Promise.all(drafts.map((draft) => finalizeInvoice(store, draft.id, NOW)));
    const numbers = results.map((result) => (result.ok ? result.value.number : null)).sort();
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, n) => `INV-2026-${String(n + 1).padStart(6, '0')}`));
  });
});
