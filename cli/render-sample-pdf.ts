import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { renderCreditNotePdf } from '../infra/pdf/credit-note-pdf';
import { renderInvoicePdf } from '../infra/pdf/invoice-pdf';
import { sampleCreditNoteDocument } from '../infra/pdf/sample-credit-note';
import { sampleInvoiceDocument } from '../infra/pdf/sample-invoice';

/**
 * `npm run sample:pdf`: renders the sample invoice and credit note to docs/samples/invoice-sample.pdf and
 * credit-note-sample.pdf (deterministic bytes).
 */
async function main(): Promise<void> {
  const samples: [string, Promise<Buffer>][] = [
    ['invoice-sample.pdf', renderInvoicePdf(sampleInvoiceDocument())],
    ['credit-note-sample.pdf', renderCreditNotePdf(sampleCreditNoteDocument())],
  ];
  for (const [name, bytes] of samples) {
    const target = resolve(__dirname, '../docs/samples', name);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, await bytes);
    console.log(`wrote ${target}`);
  }
}

void main();
