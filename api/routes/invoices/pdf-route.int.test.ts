import { extractPdfPages } from '../../../test/checks/pdf-text';
import { createTenantFixture, type TenantFixture } from '../../../test/fixtures/tenant-fixture';
import type { Json } from '../../../test/harness/api-client';
import { setUpResourceTest } from '../../../test/fixtures/resource-test';

describe('GET /invoices/:id/pdf', () => {
  const { api, tenant, call } = setUpResourceTest({ tenant: 'all' });

  const download = (invoiceId: string, key: string | null = tenant.apiKey) =>
    call('GET', `/invoices/${invoiceId}/pdf`, { token: key });

  /** A DRAFT manual invoice of 12.5 hours at 120.00 and a 1,234.50 setup fee for a new customer. */
  async function createDraftInvoice(owner: TenantFixture = tenant): Promise<Json> {
    const customer = await call('POST', '/customers', {
      token: owner.apiKey,
      body: {
        externalId: `pdf-${Date.now()}-${Math.random().toString(36).slice(2)}`,
        name: 'Globex Corporation',
        email: 'ap@globex.example',
        currency: 'USD',
        country: 'us',
      },
    });
    expect(customer.status).toBe(201);
    const invoice = await call('POST', '/invoices', {
      token: owner.apiKey,
      body: {
        customerId: customer.body.id,
        items: [
          { description: 'Consulting hours', quantity: 12.5, unitAmount: 120 },
          { description: 'Setup fee', quantity: 1, unitAmount: 1234.5 },
        ],
      },
    });
    expect(invoice.status).toBe(201);
    return invoice.body;
  }

  it('downloads a finalized invoice as a PDF named by its number, with the seller, lines and totals', async () => {
    const address = { line1: 'Torstraße 140', city: 'Berlin', postalCode: '10119', country: 'DE' };
    const patched = await call('PATCH', '/tenants/me', { token: tenant.accessToken, body: { address } });
    expect(patched.status).toBe(200);
    const draft = await createDraftInvoice();
    const finalized = await call('POST', `/invoices/${String(draft.id)}/finalize`);
    expect(finalized.status).toBe(200);
    const number = String(finalized.body.number);
    expect(number).toMatch(/^INV-\d{4}-\d{6}$/);

    const response = await download(String(draft.id));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${number}.pdf"`);
    const pages = await extractPdfPages(response.bytes);
    expect(pages).toHaveLength(1);
    const text = pages[0]!;
    expect(text).toContain('Test Company\nTorstraße 140\n10119 Berlin\nGermany');
    expect(text).toContain(`Invoice\nDue ${String(finalized.body.dueDate).slice(0, 10)}\nInvoice number ${number}`);
    expect(text).toContain(`Issue date ${String(finalized.body.issuedAt).slice(0, 10)}`);
    expect(text).toContain(`Due date ${String(finalized.body.dueDate).slice(0, 10)}`);
    expect(text).toContain('BILL TO\nGlobex Corporation\nap@globex.example');
    expect(text).toContain('United States of America');
    expect(text).toContain('Consulting hours 12.5 120.00 1,500.00\nSetup fee 1 1,234.50 1,234.50');
    expect(text).toContain('Subtotal 2,734.50\nDiscount 0.00\nTax 0.00\nTotal 2,734.50\nAmount due 2,734.50 USD');
  });

  it('marks a draft and names the file by the invoice id', async () => {
    const draft = await createDraftInvoice();
    const response = await download(String(draft.id));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${String(draft.id)}.pdf"`);
    const [text] = await extractPdfPages(response.bytes);
    expect(text).toContain('Invoice\nDraft\nInvoice number DRAFT');
    expect(text).not.toContain('Pay online');
  });

  it('answers 401 without a key and 403 naming invoices:read to a key without it', async () => {
    const draft = await createDraftInvoice();
    expect((await download(String(draft.id), null)).status).toBe(401);
    expect((await download(String(draft.id), tenant.accessToken)).status).toBe(401);
    const writer = await createTenantFixture(api.orm, api.config, { scopes: ['customers:read', 'invoices:write'] });
    const refused = await download(String(draft.id), writer.apiKey);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('invoices:read');
  });

  it('answers 404 for an unknown id and for another tenant’s invoice', async () => {
    const unknown = await download('inv_01JD8X4Q3R5T7V9W1Y3Z5A7C9E');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toContain('application/json');
    expect(unknown.body.error).toBe('invoice_not_found');
    const other = await createTenantFixture(api.orm, api.config);
    const theirs = await createDraftInvoice(other);
    const response = await download(String(theirs.id));
    expect(response.status).toBe(404);
    expect(response.body.error).toBe('invoice_not_found');
  });
});
