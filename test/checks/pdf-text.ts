import { PDFParse } from 'pdf-parse';

/**
 * The text of each page, for tests that read a rendered PDF the way a person would (pdf-parse is a devDependency:
 * nothing in the running service imports this).
 */
export async function extractPdfPages(pdf: Buffer): Promise<string[]> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const result = await parser.getText();
    return result.pages.map((page) => page.text);
  } finally {
    await parser.destroy();
  }
}
