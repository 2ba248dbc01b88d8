import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { renderInvoicePdf } from '../infra/pdf/invoice-pdf';
import { sampleInvoiceDocument } from '../infra/pdf/sample-invoice';

/** `npm run sample:pdf`: renders the sample invoice to docs/samples/invoice-sample.pdf (deterministic bytes). */
async function main(): Promise<void> {
  const target = resolve(__dirname, '../docs/samples/invoice-sample.pdf');
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, await renderInvoicePdf(sampleInvoiceDocument()));
  console.log(`wrote ${target}`);
}

void main();
