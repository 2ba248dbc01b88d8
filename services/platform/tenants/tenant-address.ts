/** The tenant's postal address (the seller on its invoices); `country` is ISO 3166-1 alpha-2, upper case. */
export interface TenantAddress {
  line1: string;
  line2: string | null;
  city: string;
  postalCode: string | null;
  state: string | null;
  country: string;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** The stored jsonb read defensively: anything without the required parts counts as no address. */
export function parseTenantAddress(stored: unknown): TenantAddress | null {
  const parsed = typeof stored === 'string' ? (JSON.parse(stored) as unknown) : stored;
  if (typeof parsed !== 'object' || parsed === null) return null;
  const source = parsed as Record<string, unknown>;
  const line1 = text(source.line1);
  const city = text(source.city);
  const country = text(source.country);
  if (line1 === null || city === null || country === null) return null;
  return {
    line1,
    line2: text(source.line2),
    city,
    postalCode: text(source.postalCode),
    state: text(source.state),
    country,
  };
}
