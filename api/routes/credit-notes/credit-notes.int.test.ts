import { noCanceledCheckoutNotice } from '../../../services/payments/checkout';
import { requireId } from '../../../domain/ids';
import { parseDecimal, type Decimal } from '../../../domain/money';
import { tenantSql } from '../../../infra/db/tenant-sql';
import { createManualInvoice, markInvoiceUncollectible } from '../../../services/billing/invoices';
import { finalizeInvoice } from '../../../services/billing/invoices';
import { findInvoice } from '../../../services/billing/invoices';
import type { InvoiceRecord } from '../../../services/billing/invoices';
import { markInvoicePaid, voidInvoice } from '../../../services/payments/settlement';
import { createTenantFixture } from '../../../test/fixtures/tenant-fixture';
import type { Json } from '../../../test/harness/api-client';
import { setUpResourceTest } from '../../../test/fixtures/resource-test';

const UNKNOWN_INVOICE = 'inv_01JD0000000000000000000000';
const UNKNOWN_NOTE = 'cn_01JD0000000000000000000000';
const TIMESTAMP = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as unknown;
const YEAR = new Date().getUTCFullYear();

const one: Decimal = (() => {
  const parsed = parseDecimal(1, 0);
  if (!parsed.ok) throw new Error('1 is a decimal');
  return parsed.value;
})();

describe('credit notes (/credit-notes)', () => {
  const { api, tenant, call, sql, createCustomer } = setUpResourceTest();

  const store = () => tenantSql(api.orm, tenant.tenantId);

  /** A DRAFT manual invoice of one line; `open` finalizes it, `paid` marks it paid too. */
  const invoiceOf = async (
    customerId: string,
    unitAmount: number,
    state: 'DRAFT' | 'OPEN' | 'PAID' = 'OPEN',
  ): Promise<InvoiceRecord> => {
    const now = new Date();
    const created = await createManualInvoice(store(), {
      customerId,
      items: [{ description: 'Service', quantity: one, unitAmount }],
      now,
    });
    if (!created.ok) throw new Error(JSON.stringify(created.error));
    if (state === 'DRAFT') return created.value;
    const opened = await finalizeInvoice(store(), created.value.id, now);
    if (!opened.ok) throw new Error(JSON.stringify(opened.error));
    if (state === 'OPEN') return opened.value;
    const paid = await markInvoicePaid(store(), created.value.id, now, noCanceledCheckoutNotice);
    if (!paid.ok) throw new Error(JSON.stringify(paid.error));
    return paid.value;
  };
  const invoiceNow = async (invoiceId: string) => {
    const invoice = await findInvoice(store(), requireId('invoice', invoiceId));
    if (invoice === undefined) throw new Error(`invoice ${invoiceId} not found`);
    return invoice;
  };
  const creditBalance = async (customerId: string) => {
    const [row] = await sql<{ balance: string }>(
      'select coalesce(sum(amount_minor), 0)::text as balance from $schema.customer_credit_entries where customer_id = ?',
      [customerId],
    );
    return BigInt(row?.balance ?? '0');
  };
  const create = (body: Json, key?: string) => call('POST', '/credit-notes', { body, ...(key ? { token: key } : {}) });
  const draft = async (invoiceId: string, amount: number) => {
    const created = await create({ invoiceId, reason: 'OTHER', amount });
    expect(created.status).toBe(201);
    return String(created.body.id);
  };
  const finalize = (id: string) => call('POST', `/credit-notes/${id}/finalize`);
  const voidNote = (id: string) => call('POST', `/credit-notes/${id}/void`);

  describe('create', () => {
    it('makes a DRAFT from an amount, against an OPEN invoice, in the invoice’s currency', async () => {
      const customerId = await createCustomer();
      const invoice = await invoiceOf(customerId, 100);
      const { status, body } = await create({
        invoiceId: invoice.id,
        reason: 'PRODUCT_UNSATISFACTORY',
        amount: 12.5,
        description: 'Outage',
      });
      expect(status).toBe(201);
      expect(body).toEqual({
        id: expect.stringMatching(/^cn_[0-9A-HJKMNP-TV-Z]{26}$/) as unknown,
        number: null,
        invoiceId: invoice.id,
        customerId,
        currency: 'USD',
        reason: 'PRODUCT_UNSATISFACTORY',
        description: 'Outage',
        amount: 12.5,
        items: [],
        status: 'DRAFT',
        issuedAt: null,
        voidedAt: null,
        createdAt: TIMESTAMP,
        updatedAt: TIMESTAMP,
      });
      expect((await call('GET', `/credit-notes/${String(body.id)}`)).body).toEqual(body);
      // A DRAFT has no effect on the invoice yet.
      expect((await invoiceNow(invoice.id)).amountDueMinor).toBe(10000n);
    });

    it('makes one from items, crediting their exact sum, against a PAID invoice', async () => {
      const invoice = await invoiceOf(await createCustomer(), 50, 'PAID');
      const items = [
        { description: 'Seat A', amount: 0.1 },
        { description: 'Seat B', amount: 0.2 },
      ];
      const { status, body } = await create({ invoiceId: invoice.id, reason: 'DUPLICATE', items });
      expect(status).toBe(201);
      expect(body).toMatchObject({ amount: 0.3, items, description: null, reason: 'DUPLICATE' });
    });

    it('takes a JPY amount without decimals and a KWD one with three', async () => {
      const jpy = await invoiceOf(await createCustomer({ currency: 'JPY' }), 1500);
      expect((await create({ invoiceId: jpy.id, reason: 'OTHER', amount: 500 })).body).toMatchObject({
        amount: 500,
        currency: 'JPY',
      });
      const kwd = await invoiceOf(await createCustomer({ currency: 'KWD' }), 10);
      expect((await create({ invoiceId: kwd.id, reason: 'OTHER', amount: 1.234 })).body.amount).toBe(1.234);
    });

    it.each([
      [{ reason: 'OTHER' }, 'body.amount'],
      [{ reason: 'OTHER', amount: 1, items: [{ description: 'x', amount: 1 }] }, 'body.items'],
      [{ reason: 'OTHER', amount: 1.234 }, 'body.amount'],
      [{ reason: 'OTHER', amount: 0 }, 'body.amount'],
      [{ reason: 'OTHER', amount: -1 }, 'body.amount'],
      [{ reason: 'OTHER', items: [] }, 'body.items'],
      [{ reason: 'OTHER', items: [{ description: 'x', amount: 0.001 }] }, 'body.items.0.amount'],
      [{ reason: 'OTHER', items: [{ description: '', amount: 1 }] }, 'body.items.0.description'],
      [{ reason: 'REFUND', amount: 1 }, 'body.reason'],
      [{ reason: 'OTHER', amount: 1, extra: true }, 'body.extra'],
    ])('answers 400 for %j naming %s', async (fields, path) => {
      const invoice = await invoiceOf(await createCustomer(), 100);
      const { status, body } = await create({ invoiceId: invoice.id, ...fields });
      expect(status).toBe(400);
      expect((body.details as { path: string }[]).map((detail) => detail.path)).toContain(path);
    });

    it('answers 400 for too many JPY decimals', async () => {
      const invoice = await invoiceOf(await createCustomer({ currency: 'JPY' }), 1500);
      const { status, body } = await create({ invoiceId: invoice.id, reason: 'OTHER', amount: 1.5 });
      expect(status).toBe(400);
      expect((body.details as { path: string }[])[0]?.path).toBe('body.amount');
    });

    it('answers 404 for an unknown invoice and for another tenant’s', async () => {
      const unknown = await create({ invoiceId: UNKNOWN_INVOICE, reason: 'OTHER', amount: 1 });
      expect(unknown).toMatchObject({ status: 404, body: { error: 'invoice_not_found' } });
      const invoice = await invoiceOf(await createCustomer(), 100);
      const other = await createTenantFixture(api.orm, api.config);
      const theirs = await create({ invoiceId: invoice.id, reason: 'OTHER', amount: 1 }, other.apiKey);
      expect(theirs).toMatchObject({ status: 404, body: { error: 'invoice_not_found' } });
    });

    it('answers 409 against a DRAFT or VOIDED invoice', async () => {
      const customerId = await createCustomer();
      const drafted = await invoiceOf(customerId, 100, 'DRAFT');
      const onDraft = await create({ invoiceId: drafted.id, reason: 'OTHER', amount: 1 });
      expect(onDraft).toMatchObject({ status: 409, body: { error: 'invalid_state_transition' } });
      expect(String(onDraft.body.message)).toContain('DRAFT');
      const voided = await invoiceOf(customerId, 100);
      await voidInvoice(store(), voided.id, new Date(), noCanceledCheckoutNotice);
      const onVoided = await create({ invoiceId: voided.id, reason: 'OTHER', amount: 1 });
      expect(onVoided).toMatchObject({ status: 409, body: { error: 'invalid_state_transition' } });
    });

    it('caps DRAFT and FINALIZED notes together at the invoice total; VOIDED ones no longer count', async () => {
      const invoice = await invoiceOf(await createCustomer(), 100);
      const first = await draft(invoice.id, 60);
      expect((await finalize(first)).status).toBe(200);
      await draft(invoice.id, 30);
      const over = await create({ invoiceId: invoice.id, reason: 'OTHER', amount: 10.01 });
      expect(over).toMatchObject({ status: 409, body: { error: 'credit_exceeds_invoice_total' } });
      expect(String(over.body.message)).toContain('10.00 can still be credited');
      expect((await create({ invoiceId: invoice.id, reason: 'OTHER', amount: 10 })).status).toBe(201);
      expect((await voidNote(first)).status).toBe(200);
      expect((await create({ invoiceId: invoice.id, reason: 'OTHER', amount: 60 })).status).toBe(201);
    });

    it('never exceeds the invoice total under concurrent creates: 12 × 10.00 on 100.00, 10 succeed', async () => {
      const invoice = await invoiceOf(await createCustomer(), 100);
      const replies = await Promise.all(
        Array.from({ length: 12 }, () => create({ invoiceId: invoice.id, reason: 'OTHER', amount: 10 })),
      );
      const statuses = replies.map((reply) => reply.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(10);
      expect(statuses.filter((status) => status === 409)).toHaveLength(2);
      const [row] = await sql<{ total: string }>(
        'select sum(amount_minor)::text as total from $schema.credit_notes where invoice_id = ?',
        [invoice.id],
      );
      expect(row?.total).toBe('10000');
    });
  });

  describe('finalize', () => {
    it('numbers CN-<YYYY>-000001, 000002 … and lowers an OPEN invoice’s amountDue', async () => {
      const invoice = await invoiceOf(await createCustomer(), 100);
      const first = await finalize(await draft(invoice.id, 25));
      expect(first).toMatchObject({
        status: 200,
        body: { status: 'FINALIZED', number: `CN-${YEAR}-000001`, issuedAt: TIMESTAMP },
      });
      const after = await invoiceNow(invoice.id);
      expect(after).toMatchObject({ status: 'OPEN', amountCreditedMinor: 2500n, amountDueMinor: 7500n });
      const second = await finalize(await draft(invoice.id, 5));
      expect(second.body.number).toBe(`CN-${YEAR}-000002`);
      expect((await invoiceNow(invoice.id)).amountDueMinor).toBe(7000n);
    });

    it('takes gapless numbers under 8 concurrent finalizes', async () => {
      const invoice = await invoiceOf(await createCustomer(), 100);
      const ids: string[] = [];
      for (let index = 0; index < 8; index += 1) ids.push(await draft(invoice.id, 1));
      const replies = await Promise.all(ids.map(finalize));
      const numbers = replies.map((reply) => String(reply.body.number)).sort();
      expect(numbers).toEqual(Array.from({ length: 8 }, (_, i) => `CN-${YEAR}-00000${i + 1}`));
      expect((await invoiceNow(invoice.id)).amountDueMinor).toBe(9200n);
    });

    it('settles an OPEN invoice credited in full: PAID, paidAt, invoice.paid in the outbox', async () => {
      const invoice = await invoiceOf(await createCustomer(), 40);
      await finalize(await draft(invoice.id, 40));
      const after = await invoiceNow(invoice.id);
      expect(after).toMatchObject({ status: 'PAID', amountDueMinor: 0n, amountPaidMinor: 0n });
      expect(after.paidAt).toBeInstanceOf(Date);
      const events = await sql<{ data: { id: string; status: string } }>(
        "select data from $schema.webhook_events where event_type = 'invoice.paid'",
      );
      expect(events.map((event) => event.data)).toEqual([expect.objectContaining({ id: invoice.id, status: 'PAID' })]);
    });

    it('turns the whole note on a PAID invoice into customer credit the next invoice consumes at finalize', async () => {
      const customerId = await createCustomer();
      const paid = await invoiceOf(customerId, 30, 'PAID');
      await finalize(await draft(paid.id, 12.34));
      expect(await invoiceNow(paid.id)).toMatchObject({
        status: 'PAID',
        amountDueMinor: 0n,
        amountCreditedMinor: 1234n,
      });
      expect(await creditBalance(customerId)).toBe(1234n);
      const next = await invoiceOf(customerId, 20);
      expect(next).toMatchObject({ status: 'OPEN', amountCreditedMinor: 1234n, amountDueMinor: 766n });
      expect(await creditBalance(customerId)).toBe(0n);
      // The next one after that finds no credit left.
      expect((await invoiceOf(customerId, 5)).amountDueMinor).toBe(500n);
    });

    it('gives what exceeds an OPEN invoice’s amount due to the customer as credit', async () => {
      const customerId = await createCustomer();
      const paid = await invoiceOf(customerId, 30, 'PAID');
      await finalize(await draft(paid.id, 25));
      const open = await invoiceOf(customerId, 40); // consumes the 25.00 of credit: 15.00 due
      expect(open.amountDueMinor).toBe(1500n);
      await finalize(await draft(open.id, 15.5));
      expect(await invoiceNow(open.id)).toMatchObject({ status: 'PAID', amountDueMinor: 0n });
      expect(await creditBalance(customerId)).toBe(50n);
    });

    it('answers 409 for a FINALIZED or VOIDED note, and once the invoice is VOIDED', async () => {
      const invoice = await invoiceOf(await createCustomer(), 100);
      const id = await draft(invoice.id, 10);
      await finalize(id);
      expect(await finalize(id)).toMatchObject({ status: 409, body: { error: 'invalid_state_transition' } });
      await voidNote(id);
      expect(await finalize(id)).toMatchObject({ status: 409, body: { error: 'invalid_state_transition' } });
      const pending = await draft(invoice.id, 10);
      await voidInvoice(store(), invoice.id, new Date(), noCanceledCheckoutNotice);
      expect(await finalize(pending)).toMatchObject({ status: 409, body: { error: 'invalid_state_transition' } });
    });
  });

  describe('void', () => {
    it('raises an OPEN invoice’s amountDue back', async () => {
      const invoice = await invoiceOf(await createCustomer(), 100);
      const id = await draft(invoice.id, 30);
      await finalize(id);
      const voided = await voidNote(id);
      expect(voided).toMatchObject({
        status: 200,
        body: { status: 'VOIDED', voidedAt: TIMESTAMP, number: `CN-${YEAR}-000001` },
      });
      expect(await invoiceNow(invoice.id)).toMatchObject({ amountCreditedMinor: 0n, amountDueMinor: 10000n });
    });

    it('raises an UNCOLLECTIBLE invoice’s amountDue back, which mark-paid then collects in full', async () => {
      const invoice = await invoiceOf(await createCustomer(), 100);
      const id = await draft(invoice.id, 30);
      await finalize(id);
      const writtenOff = await markInvoiceUncollectible(store(), invoice.id, new Date());
      expect(writtenOff).toMatchObject({ ok: true, value: { status: 'UNCOLLECTIBLE', amountDueMinor: 7000n } });
      expect((await voidNote(id)).status).toBe(200);
      expect(await invoiceNow(invoice.id)).toMatchObject({
        status: 'UNCOLLECTIBLE',
        amountCreditedMinor: 0n,
        amountDueMinor: 10000n,
      });
      const paid = await call('POST', `/invoices/${invoice.id}/mark-paid`);
      expect(paid).toMatchObject({ status: 200, body: { status: 'PAID', amountPaid: 100, amountDue: 0 } });
    });

    it('reopens an invoice the note alone had settled', async () => {
      const invoice = await invoiceOf(await createCustomer(), 40);
      const id = await draft(invoice.id, 40);
      await finalize(id);
      expect((await voidNote(id)).status).toBe(200);
      const after = await invoiceNow(invoice.id);
      expect(after).toMatchObject({ status: 'OPEN', amountDueMinor: 4000n, paidAt: null });
    });

    it('refuses (409) when the invoice was paid after the note lowered its amount due', async () => {
      const invoice = await invoiceOf(await createCustomer(), 100);
      const id = await draft(invoice.id, 30);
      await finalize(id);
      await markInvoicePaid(store(), invoice.id, new Date(), noCanceledCheckoutNotice);
      expect(await voidNote(id)).toMatchObject({ status: 409, body: { error: 'invalid_state_transition' } });
      expect((await call('GET', `/credit-notes/${id}`)).body.status).toBe('FINALIZED');
    });

    it('takes back customer credit still unspent, and refuses (409) once an invoice spent it', async () => {
      const customerId = await createCustomer();
      const paid = await invoiceOf(customerId, 30, 'PAID');
      const unspent = await draft(paid.id, 10);
      await finalize(unspent);
      expect((await voidNote(unspent)).status).toBe(200);
      expect(await creditBalance(customerId)).toBe(0n);
      const spent = await draft(paid.id, 10);
      await finalize(spent);
      await invoiceOf(customerId, 4); // consumes 4.00 of the 10.00
      const refused = await voidNote(spent);
      expect(refused).toMatchObject({ status: 409, body: { error: 'credit_already_consumed' } });
      expect(await creditBalance(customerId)).toBe(600n);
      expect((await call('GET', `/credit-notes/${spent}`)).body.status).toBe('FINALIZED');
    });

    it('answers 409 for a DRAFT or an already VOIDED note', async () => {
      const invoice = await invoiceOf(await createCustomer(), 100);
      const id = await draft(invoice.id, 10);
      expect(await voidNote(id)).toMatchObject({ status: 409, body: { error: 'invalid_state_transition' } });
      await finalize(id);
      await voidNote(id);
      expect(await voidNote(id)).toMatchObject({ status: 409, body: { error: 'invalid_state_transition' } });
    });
  });

  describe('update', () => {
    it('changes reason, description, amount or items of a DRAFT; a new amount replaces the items', async () => {
      const invoice = await invoiceOf(await createCustomer(), 100);
      const id = await draft(invoice.id, 10);
      const itemised = await call('PATCH', `/credit-notes/${id}`, {
        body: { reason: 'DUPLICATE', description: 'Twice billed', items: [{ description: 'A', amount: 7 }] },
      });
      expect(itemised).toMatchObject({
        status: 200,
        body: { reason: 'DUPLICATE', description: 'Twice billed', amount: 7, items: [{ description: 'A', amount: 7 }] },
      });
      const amounted = await call('PATCH', `/credit-notes/${id}`, { body: { amount: 8, description: null } });
      expect(amounted.body).toMatchObject({ amount: 8, items: [], description: null, reason: 'DUPLICATE' });
    });

    it('re-checks the cap, leaving its own old amount out', async () => {
      const invoice = await invoiceOf(await createCustomer(), 100);
      await draft(invoice.id, 50);
      const id = await draft(invoice.id, 40);
      expect((await call('PATCH', `/credit-notes/${id}`, { body: { amount: 50 } })).status).toBe(200);
      const over = await call('PATCH', `/credit-notes/${id}`, { body: { amount: 50.01 } });
      expect(over).toMatchObject({ status: 409, body: { error: 'credit_exceeds_invoice_total' } });
    });

    it('answers 409 unless DRAFT, 400 for both amount and items, 404 for unknown or another tenant’s', async () => {
      const invoice = await invoiceOf(await createCustomer(), 100);
      const id = await draft(invoice.id, 10);
      const both = await call('PATCH', `/credit-notes/${id}`, {
        body: { amount: 1, items: [{ description: 'A', amount: 1 }] },
      });
      expect(both.status).toBe(400);
      await finalize(id);
      const late = await call('PATCH', `/credit-notes/${id}`, { body: { description: 'late' } });
      expect(late).toMatchObject({ status: 409, body: { error: 'invalid_state_transition' } });
      const unknown = await call('PATCH', `/credit-notes/${UNKNOWN_NOTE}`, { body: { amount: 1 } });
      expect(unknown).toMatchObject({ status: 404, body: { error: 'credit_note_not_found' } });
      const other = await createTenantFixture(api.orm, api.config);
      const theirs = await call('PATCH', `/credit-notes/${id}`, { token: other.apiKey, body: { amount: 1 } });
      expect(theirs).toMatchObject({ status: 404, body: { error: 'credit_note_not_found' } });
    });
  });

  describe('read', () => {
    it('lists newest first with customerId, invoiceId and status filters, and pages', async () => {
      const alice = await createCustomer();
      const bob = await createCustomer();
      const aliceInvoice = await invoiceOf(alice, 100);
      const bobInvoice = await invoiceOf(bob, 100);
      const a1 = await draft(aliceInvoice.id, 1);
      const a2 = await draft(aliceInvoice.id, 2);
      const b1 = await draft(bobInvoice.id, 3);
      await finalize(a2);
      const ids = async (query: string) =>
        ((await call('GET', `/credit-notes${query}`)).body.data as { id: string }[]).map((note) => note.id);
      expect(await ids('')).toEqual([b1, a2, a1]);
      expect(await ids(`?customerId=${alice}`)).toEqual([a2, a1]);
      expect(await ids(`?invoiceId=${bobInvoice.id}`)).toEqual([b1]);
      expect(await ids('?status=FINALIZED')).toEqual([a2]);
      expect(await ids(`?customerId=${alice}&status=DRAFT`)).toEqual([a1]);
      const page = await call('GET', '/credit-notes?page=2&limit=2');
      expect(page.body).toEqual({
        data: [expect.objectContaining({ id: a1 })],
        meta: { total: 3, page: 2, limit: 2, totalPages: 2 },
      });
      expect((await call('GET', '/credit-notes?status=OPEN')).status).toBe(400);
      expect((await call('GET', '/credit-notes?limit=101')).status).toBe(400);
    });

    it('answers 404 for an unknown note and for another tenant’s; the other tenant lists none', async () => {
      const id = await draft((await invoiceOf(await createCustomer(), 100)).id, 1);
      expect(await call('GET', `/credit-notes/${UNKNOWN_NOTE}`)).toMatchObject({
        status: 404,
        body: { error: 'credit_note_not_found' },
      });
      const other = await createTenantFixture(api.orm, api.config);
      expect((await call('GET', `/credit-notes/${id}`, { token: other.apiKey })).status).toBe(404);
      expect((await call('POST', `/credit-notes/${id}/finalize`, { token: other.apiKey })).status).toBe(404);
      expect((await call('POST', `/credit-notes/${id}/void`, { token: other.apiKey })).status).toBe(404);
      expect((await call('GET', '/credit-notes', { token: other.apiKey })).body.data).toEqual([]);
    });
  });

  it('answers 401 without credentials and 403 without the scope', async () => {
    expect((await call('GET', '/credit-notes', { token: null })).status).toBe(401);
    expect((await call('POST', '/credit-notes', { token: null, body: {} })).status).toBe(401);
    const reader = await createTenantFixture(api.orm, api.config, { scopes: ['credit_notes:read'] });
    const refused = await call('POST', '/credit-notes', {
      token: reader.apiKey,
      body: { invoiceId: UNKNOWN_INVOICE, reason: 'OTHER', amount: 1 },
    });
    expect(refused).toMatchObject({ status: 403, body: { message: 'Missing scope: credit_notes:write' } });
    for (const path of [`/credit-notes/${UNKNOWN_NOTE}/finalize`, `/credit-notes/${UNKNOWN_NOTE}/void`]) {
      expect((await call('POST', path, { token: reader.apiKey })).status).toBe(403);
    }
    const writer = await createTenantFixture(api.orm, api.config, { scopes: ['credit_notes:write'] });
    const blind = await call('GET', '/credit-notes', { token: writer.apiKey });
    expect(blind).toMatchObject({ status: 403, body: { message: 'Missing scope: credit_notes:read' } });
  });
});
