/**
 * A tenant's slug (CONTRACT §6) is made from its company name: lower case ASCII letters and digits, every other run
 * of characters one `-`, no dash at either end. Accents are dropped first (`Café` → `cafe`); a name with nothing
 * left (`株式会社`) falls back to `tenant`. Uniqueness is the registration's job: it appends `-2`, `-3`, ...
 */
export const MAX_SLUG_LENGTH = 48;
const FALLBACK_SLUG = 'tenant';

export function slugFromCompanyName(companyName: string): string {
  const slug = companyName
    .normalize('NFKD')
    .replace(/\p{Mark}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/^-+|-+$/g, '');
  return slug === '' ? FALLBACK_SLUG : slug;
}

/** The slug to try after `taken` slugs of the same base: the base itself, else one past the highest `-<n>`. */
export function nextFreeSlug(base: string, taken: readonly string[]): string {
  if (!taken.includes(base)) return base;
  const suffixes = taken
    .map((slug) => (slug.startsWith(`${base}-`) ? slug.slice(base.length + 1) : ''))
    .filter((suffix) => /^[0-9]+$/.test(suffix))
    .map(Number);
  return `${base}-${Math.max(1, ...suffixes) + 1}`;
}
