import { toCurrencyCode } from '../../domain/money';
import type { InvoiceDocument, InvoiceDocumentLine } from './invoice-document';
import { renderInvoicePdf } from './invoice-pdf';
import { extractPdfPages } from '../../test/checks/pdf-text';
import { sampleInvoiceDocument } from './sample-invoice';

const render = async (document: InvoiceDocument): Promise<string[]> =>
  extractPdfPages(await renderInvoicePdf(document));

function withInvoice(changes: Partial<InvoiceDocument['invoice']>, timeZone = 'UTC'): InvoiceDocument {
  const sample = sampleInvoiceDocument();
  return { ...sample, timeZone, invoice: { ...sample.invoice, ...changes } };
}

function manualLine(description: string, unitAmount: string, amount: bigint): InvoiceDocumentLine {
  return { description, quantity: '1', unitAmount, amount, periodStart: null, periodEnd: null };
}

describe('renderInvoicePdf', () => {
  it('shows the seller with its address and tax id, the state in words, the number, the dates and the bill-to block', async () => {
    const [page] = await render(sampleInvoiceDocument());
    const text = page!;
    for (const expected of [
      'Acme Analytics GmbH',
      'Torstraße 140\n3rd floor\n10119 Berlin\nGermany\nTax ID: DE 123 456 789\nbilling@acme.example',
      'Invoice\nDue 2026-02-15\nInvoice number INV-2026-000042',
      'Issue date 2026-01-16',
      'Due date 2026-02-15',
      'BILL TO\nGlobex Corporation\nap@globex.example\nCustomer ID: globex-42\nUnited States of America',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('OPEN');
  });

  it('leaves the tax id out when the tenant has none', async () => {
    const sample = sampleInvoiceDocument();
    const [text] = await render({ ...sample, seller: { ...sample.seller, taxId: null } });
    expect(text).toContain('10119 Berlin\nGermany\nbilling@acme.example');
    expect(text).not.toContain('Tax ID');
  });

  it('lists every line with its service period, quantity, unit price and amount, then the totals', async () => {
    const [text] = await render(sampleInvoiceDocument());
    expect(text).toContain('Description Qty Unit price Amount (USD)');
    expect(text).toContain(
      'Unused time on Starter after 2026-01-16\nService period: 2026-01-16 to 2026-02-01\n1 -14.97 -14.97',
    );
    expect(text).toContain(
      'Remaining time on Growth from 2026-01-16\nService period: 2026-01-16 to 2026-02-01\n1 40.77 40.77',
    );
    // A sub-cent unit price is shown exactly, not rounded to the currency's minor unit.
    expect(text).toContain('Service period: 2026-01-01 to 2026-02-01\n1,250,000 0.0004 500.00');
    expect(text).toContain('Onboarding workshop 2 350.00 700.00');
    expect(text).toContain('Subtotal 1,225.80\nDiscount 0.00\nTax 0.00\nTotal 1,225.80\nAmount due 1,225.80 USD');
    expect(text).toContain('Page 1 of 1');
  });

  it('shows credits and payments when there are some, and the discount as a deduction', async () => {
    const document = withInvoice({
      subtotal: 10000n,
      discount: 1000n,
      total: 9000n,
      amountCredited: 1548n,
      prepaidCreditAmount: 500n,
      amountPaid: 2000n,
      amountDue: 4952n,
    });
    const [text] = await render(document);
    expect(text).toContain(
      'Subtotal 100.00\nDiscount -10.00\nTax 0.00\nTotal 90.00\nCredited -15.48\nPrepaid credits -5.00\nPaid -20.00\n' +
        'Amount due 49.52 USD',
    );
  });

  it('shows each coupon’s discount as its own deduction, in the order applied', async () => {
    const document = withInvoice({
      lines: [{ ...manualLine('Growth plan', '99.99', 9999n) }],
      subtotal: 9999n,
      discount: 4567n,
      discounts: [
        { code: 'WELCOME33', amount: 3333n },
        { code: 'LOYAL-12', amount: 1234n },
      ],
      total: 5432n,
      amountDue: 5432n,
    });
    const [text] = await render(document);
    expect(text).toContain(
      'Subtotal 99.99\nDiscount (WELCOME33) -33.33\nDiscount (LOYAL-12) -12.34\nTax 0.00\nTotal 54.32\nAmount due 54.32 USD',
    );
    expect(text).not.toContain('Discount -');
    const again = await renderInvoicePdf(document);
    expect(again.equals(await renderInvoicePdf(document))).toBe(true);
  });

  it('prints a 64-character coupon code whole on its row', async () => {
    const code = `LAUNCH_${'W'.repeat(49)}-2026-Q1`;
    expect(code).toHaveLength(64);
    const [text] = await render(
      withInvoice({ subtotal: 10000n, discount: 1000n, discounts: [{ code, amount: 1000n }], total: 9000n }),
    );
    expect(text).toContain(`Subtotal 100.00\nDiscount (${code}) -10.00\nTax 0.00\nTotal 90.00`);
  });

  it('marks a draft, which has no number and no dates yet', async () => {
    const [text] = await render(withInvoice({ number: null, status: 'DRAFT', issuedAt: null, dueDate: null }));
    expect(text).toContain('Invoice\nDraft\nInvoice number DRAFT\nIssue date Not issued\nDue date Not issued');
    expect(text).toContain('Invoice DRAFT Page 1 of 1');
  });

  it('writes dates as calendar dates in the given time zone', async () => {
    const late = new Date('2026-01-31T23:30:00Z');
    const document = withInvoice(
      {
        issuedAt: late,
        dueDate: late,
        lines: [{ ...manualLine('Seat', '10', 1000n), periodStart: late, periodEnd: new Date('2026-02-28T23:30:00Z') }],
      },
      'Asia/Tokyo',
    );
    const [text] = await render(document);
    expect(text).toContain(
      'Due 2026-02-01\nInvoice number INV-2026-000042\nIssue date 2026-02-01\nDue date 2026-02-01',
    );
    expect(text).toContain('Service period: 2026-02-01 to 2026-03-01');
  });

  it('formats JPY without decimals and KWD with three', async () => {
    const [yen] = await render(
      withInvoice({
        currency: toCurrencyCode('JPY'),
        lines: [manualLine('Plan Pro', '1500', 1500n), manualLine('Extra seats', '12000', 12000n)],
        subtotal: 13500n,
        total: 13500n,
        amountDue: 13500n,
      }),
    );
    expect(yen).toContain('Amount (JPY)');
    expect(yen).toContain('Plan Pro 1 1,500 1,500\nExtra seats 1 12,000 12,000');
    expect(yen).toContain('Total 13,500\nAmount due 13,500 JPY');
    const [dinar] = await render(
      withInvoice({
        currency: toCurrencyCode('KWD'),
        lines: [manualLine('Plan Pro', '1.234', 1234n)],
        subtotal: 1234n,
        total: 1234n,
        amountDue: 1234n,
      }),
    );
    expect(dinar).toContain('Plan Pro 1 1.234 1.234');
    expect(dinar).toContain('Total 1.234\nAmount due 1.234 KWD');
  });

  it('spreads a 60-line invoice over pages, repeating the table header and numbering every page', async () => {
    const lines = Array.from({ length: 60 }, (_, index) => ({
      ...manualLine(`Usage line ${String(index + 1).padStart(2, '0')}`, '1.5', 150n),
      periodStart: new Date('2026-01-01T00:00:00Z'),
      periodEnd: new Date('2026-02-01T00:00:00Z'),
    }));
    const pages = await render(withInvoice({ lines, subtotal: 9000n, total: 9000n, amountDue: 9000n }));
    expect(pages.length).toBeGreaterThanOrEqual(3);
    pages.forEach((page, index) => {
      expect(page).toContain('Description Qty Unit price Amount (USD)');
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
      if (index > 0) expect(page).toContain('Invoice INV-2026-000042 (continued)');
    });
    const all = pages.join('\n');
    for (let number = 1; number <= 60; number += 1) {
      const label = `Usage line ${String(number).padStart(2, '0')}`;
      expect(all.split(label).length - 1).toBe(1);
    }
    expect(pages.at(-1)).toContain('Total 90.00\nAmount due 90.00 USD');
  });

  it.each([
    {
      script: 'Polish',
      name: 'Żółć Łąkowa sp. z o.o.',
      address: { line1: 'ul. Świętokrzyska 12', postalCode: '90-926', city: 'Łódź', country: 'PL' },
      addressText: 'ul. Świętokrzyska 12\n90-926 Łódź\nPoland',
      description: 'Wdrożenie: zażółć gęślą jaźń',
    },
    {
      script: 'Greek',
      name: 'Ελληνικά Συστήματα Α.Ε.',
      address: { line1: 'Οδός Ερμού 25', postalCode: '105 63', city: 'Αθήνα', country: 'GR' },
      addressText: 'Οδός Ερμού 25\n105 63 Αθήνα\nGreece',
      description: 'Συνδρομή λογισμικού, μηνιαία χρέωση',
    },
    {
      script: 'Cyrillic',
      name: 'ООО «Северный ветер»',
      address: { line1: 'ул. Тверская, д. 7', postalCode: '125009', city: 'Москва', country: 'RU' },
      addressText: 'ул. Тверская, д. 7\n125009 Москва\nRussian Federation',
      description: 'Абонентская плата, тариф «Рост» (ёлка, щётка)',
    },
    {
      script: 'Vietnamese',
      name: 'Nguyễn Thị Thu Hương',
      address: { line1: '12 Đường Lê Lợi', postalCode: '700000', city: 'Thành phố Hồ Chí Minh', country: 'VN' },
      addressText: '12 Đường Lê Lợi\n700000 Thành phố Hồ Chí Minh\nVietnam',
      description: 'Phí dịch vụ tháng — gói Tăng trưởng',
    },
  ])(
    'prints a customer name, the seller address and a line description in $script exactly',
    async ({ name, address, addressText, description }) => {
      const sample = withInvoice({ lines: [manualLine(description, '10', 1000n)] });
      const document: InvoiceDocument = {
        ...sample,
        seller: { ...sample.seller, address: { ...address, line2: null, state: null } },
        customer: { ...sample.customer, name },
      };
      const pdf = await renderInvoicePdf(document);
      const [text] = await extractPdfPages(pdf);
      expect(text).toContain(`Acme Analytics GmbH\n${addressText}\nTax ID: DE 123 456 789\nbilling@acme.example`);
      expect(text).toContain(`BILL TO\n${name}\nap@globex.example`);
      expect(text).toContain(`${description} 1 10.00 10.00`);
      // Nothing fell back to a missing glyph (.notdef extracts as U+0000) or a replacement character.
      expect(text).not.toContain('\u0000');
      expect(text).not.toContain('\ufffd');
      // The embedded DejaVu Sans subsets print it, not the WinAnsi-only standard Helvetica.
      expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans\b/);
      expect(pdf.toString('latin1')).not.toContain('Helvetica');
    },
  );

  it('prints text typed with combining accents as the composed letters (one glyph each)', async () => {
    const decomposed = 'Nguye\u0302\u0303n Thi\u0323 Thu Hu\u031bo\u031bng';
    expect(decomposed).not.toBe('Nguyễn Thị Thu Hương');
    const sample = sampleInvoiceDocument();
    const [text] = await extractPdfPages(
      await renderInvoicePdf({ ...sample, customer: { ...sample.customer, name: decomposed } }),
    );
    expect(text).toContain('BILL TO\nNguyễn Thị Thu Hương\nap@globex.example');
  });

  it('renders the same bytes for the same invoice', async () => {
    const first = await renderInvoicePdf(sampleInvoiceDocument());
    const second = await renderInvoicePdf(sampleInvoiceDocument());
    expect(first.subarray(0, 5).toString()).toBe('%PDF-');
    expect(first.equals(second)).toBe(true);
  });
});
