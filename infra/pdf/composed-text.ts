/**
 * The same value with every string in Unicode composed form (NFC). Text typed as a letter plus combining accents
 * ("e" + U+0302 + U+0303) would otherwise be drawn glyph by glyph, the accents stacked by the font's defaults;
 * composed, each is one designed glyph ("ễ"). Dates, bigints and other non-plain objects are kept as they are.
 */
export function composedText<T>(value: T): T {
  if (typeof value === 'string') return value.normalize('NFC') as T;
  if (Array.isArray(value)) return value.map((item: unknown) => composedText(item)) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const entries = Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, composedText(item)]);
    return Object.fromEntries(entries) as T;
  }
  return value;
}
