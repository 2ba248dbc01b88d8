import { nextFreeSlug, slugFromCompanyName } from './tenant-slug';

describe('slugFromCompanyName', () => {
  it.each([
    ['Acme Corp', 'acme-corp'],
    ['  ACME, Inc.  ', 'acme-inc'],
    ['Café Números & Co.', 'cafe-numeros-co'],
    ['--Hyphen--Heavy--', 'hyphen-heavy'],
    ['株式会社', 'tenant'],
    ['!!!', 'tenant'],
    ['a'.repeat(60), 'a'.repeat(48)],
    [`${'a'.repeat(47)} b`, 'a'.repeat(47)],
  ])('turns %j into %j', (companyName, slug) => {
    expect(slugFromCompanyName(companyName)).toBe(slug);
  });
});

describe('nextFreeSlug', () => {
  it('keeps the base while it is free', () => {
    expect(nextFreeSlug('acme', [])).toBe('acme');
    expect(nextFreeSlug('acme', ['acme-2'])).toBe('acme');
  });

  it('numbers one past the highest suffix, ignoring slugs of other names', () => {
    expect(nextFreeSlug('acme', ['acme'])).toBe('acme-2');
    expect(nextFreeSlug('acme', ['acme', 'acme-2', 'acme-7', 'acme-corp'])).toBe('acme-8');
  });
});
