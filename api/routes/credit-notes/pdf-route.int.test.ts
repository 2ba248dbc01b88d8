import { extractPdfPages } from '../../../test/checks/pdf-text';
import { createTenantFixture, type TenantFixture } from '../../../test/fixtures/tenant-fixture';
import type { Json } from '../../../test/harness/api-client';
import { setUpResourceTest } from '../../../test/fixtures/resource-test';

describe('GET /credit-notes/:id/pdf', () => {
  const { api, tenant, call } = setUpResourceTest({ tenant: 'all' });

  beforeAll(async () => {
    const body = {
      companyName: 'Acme Analytics GmbH',
      address: { line1: 'Torstraße 140', city: 'Berlin', postalCode: '10119', country: 'DE' },
      taxId: 'DE123456789',
    };
    expect((await call('PATCH', '/tenants/me', { token: tenant.accessToken, body })).status).toBe(200);
  });

  const download = (creditNoteId: unknown, key: string | null = tenant.apiKey) =>
    call('GET', `/credit-notes/${String(creditNoteId)}/pdf`, { token: key });

  let sequence = 0;
  /** A DRAFT credit note against a new customer's OPEN invoice of `unitAmount` in `currency`. */
  async function draftCreditNote(options: {
    currency: string;
    unitAmount: number;
    note: Json;
    owner?: TenantFixture;
  }): Promise<{ invoice: Json; note: Json }> {
    const token = (options.owner ?? tenant).apiKey;
    sequence += 1;
    const customer = await call('POST', '/customers', {
      token,
      body: {
        externalId: `cn-pdf-${String(sequence)}-${String(Date.now())}`,
        name: 'Globex Corporation',
        email: 'ap@globex.example',
        currency: options.currency,
      },
    });
    const draft = await call('POST', '/invoices', {
      token,
      body: {
        customerId: customer.body.id,
        items: [{ description: 'Platform fee', quantity: 1, unitAmount: options.unitAmount }],
      },
    });
    const invoice = await call('POST', `/invoices/${String(draft.body.id)}/finalize`, { token });
    expect(invoice.status).toBe(200);
    const note = await call('POST', '/credit-notes', {
      token,
      body: { invoiceId: invoice.body.id, reason: 'DUPLICATE', ...options.note },
    });
    expect(note.status).toBe(201);
    return { invoice: invoice.body, note: note.body };
  }

  it('downloads a finalized note named by its number: seller, invoice credited, items, total, reason, state', async () => {
    const { invoice, note } = await draftCreditNote({
      currency: 'USD',
      unitAmount: 600,
      note: {
        description: 'Charged twice in January',
        items: [
          { description: 'Platform fee, second charge', amount: 450 },
          { description: 'Support add-on, second charge', amount: 50.25 },
        ],
      },
    });
    const finalized = await call('POST', `/credit-notes/${String(note.id)}/finalize`);
    expect(finalized.status).toBe(200);
    const number = String(finalized.body.number);
    const response = await download(note.id);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${number}.pdf"`);
    const [text] = await extractPdfPages(response.bytes);
    expect(text).toContain('Acme Analytics GmbH\nTorstraße 140\n10119 Berlin\nGermany\nTax ID: DE123456789\n');
    expect(text).toContain(
      `Credit note\nIssued\nCredit note number ${number}\nCredits invoice ${String(invoice.number)}\n` +
        `Issue date ${String(finalized.body.issuedAt).slice(0, 10)}\nReason Duplicate charge\nCurrency USD`,
    );
    expect(text).toContain('BILL TO\nGlobex Corporation\nap@globex.example');
    expect(text).toContain(
      'Platform fee, second charge 1 450.00 450.00\nSupport add-on, second charge 1 50.25 50.25\n' +
        'Total credited 500.25 USD\nCharged twice in January',
    );
    // The invoice it credits lists it, with the same number and amount.
    const invoicePdf = await call('GET', `/invoices/${String(invoice.id)}/pdf`);
    const [invoiceText] = await extractPdfPages(invoicePdf.bytes);
    expect(invoiceText).toContain(`Credit note ${number} ${String(finalized.body.issuedAt).slice(0, 10)} 500.25`);
  });

  it('marks a draft (named by its id) and a voided note, in JPY and KWD amounts', async () => {
    const yen = await draftCreditNote({ currency: 'JPY', unitAmount: 15000, note: { amount: 1500 } });
    const draftResponse = await download(yen.note.id);
    expect(draftResponse.headers.get('content-disposition')).toBe(`attachment; filename="${String(yen.note.id)}.pdf"`);
    const [draft] = await extractPdfPages(draftResponse.bytes);
    expect(draft).toContain('Credit note\nDraft\nCredit note number DRAFT\n');
    expect(draft).toContain(`Credit on invoice ${String(yen.invoice.number)} 1 1,500 1,500\nTotal credited 1,500 JPY`);

    const dinar = await draftCreditNote({ currency: 'KWD', unitAmount: 10, note: { amount: 1.234 } });
    expect((await call('POST', `/credit-notes/${String(dinar.note.id)}/finalize`)).status).toBe(200);
    expect((await call('POST', `/credit-notes/${String(dinar.note.id)}/void`)).status).toBe(200);
    const [voided] = await extractPdfPages((await download(dinar.note.id)).bytes);
    expect(voided).toContain('Credit note\nVoid\n');
    expect(voided).toContain('Total credited 1.234 KWD');
  });

  it('answers 401 without a key and 403 naming credit_notes:read to a key without it', async () => {
    const { note } = await draftCreditNote({ currency: 'USD', unitAmount: 10, note: { amount: 1 } });
    expect((await download(note.id, null)).status).toBe(401);
    expect((await download(note.id, tenant.accessToken)).status).toBe(401);
    const writer = await createTenantFixture(api.orm, api.config, { scopes: ['invoices:read'] });
    const refused = await download(note.id, writer.apiKey);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('credit_notes:read');
  });

  it('answers 404 for an unknown id and for another tenant’s note', async () => {
    const unknown = await download('cn_01JD8X4Q3R5T7V9W1Y3Z5A7C9E');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toContain('application/json');
    expect(unknown.body.error).toBe('credit_note_not_found');
    const other = await createTenantFixture(api.orm, api.config);
    const theirs = await draftCreditNote({ currency: 'USD', unitAmount: 10, note: { amount: 1 }, owner: other });
    const response = await download(theirs.note.id);
    expect(response.status).toBe(404);
    expect(response.body.error).toBe('credit_note_not_found');
  });
});
