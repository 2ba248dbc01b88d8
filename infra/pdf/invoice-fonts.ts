import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { FONT, type Pdf } from './page-layout';

/**
 * DejaVu Sans from the `dejavu-fonts-ttf` package (a runtime dependency: the service renders PDFs), resolved through
 * the package rather than a path relative to this file, so it is found the same way under tsx, jest and in the image.
 * Resolving at load time makes a missing package fail when the module loads, not on the first download.
 */
const FONT_DIR = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');

const FONT_FILES: Readonly<Record<(typeof FONT)[keyof typeof FONT], string>> = {
  [FONT.regular]: 'DejaVuSans.ttf',
  [FONT.bold]: 'DejaVuSans-Bold.ttf',
};

let fontBytes: readonly (readonly [string, Buffer])[] | undefined;

/** The font files are read once per process (about 1.4 MB together); each document embeds only the glyphs it uses. */
function loadFontBytes(): readonly (readonly [string, Buffer])[] {
  fontBytes ??= Object.entries(FONT_FILES).map(([name, file]) => [name, readFileSync(join(FONT_DIR, file))] as const);
  return fontBytes;
}

/**
 * Registers the invoice fonts under the names in `FONT` on a new document. A Unicode TrueType font, unlike the
 * standard Helvetica (WinAnsi only), prints Latin beyond Western Europe, Greek and Cyrillic (docs/invoice-pdf.md).
 */
export function registerInvoiceFonts(pdf: Pdf): void {
  for (const [name, bytes] of loadFontBytes()) pdf.registerFont(name, bytes);
}
