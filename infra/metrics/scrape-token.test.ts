import { isScrapeAuthorized } from './scrape-token';

const TOKEN = 'a-scrape-token-of-some-length';

describe('isScrapeAuthorized', () => {
  it('lets every scrape through when no token is configured', () => {
    expect(isScrapeAuthorized(undefined, null)).toBe(true);
    expect(isScrapeAuthorized('Bearer anything', null)).toBe(true);
  });

  it('accepts the configured token as a Bearer credential, the scheme in any case', () => {
    expect(isScrapeAuthorized(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(isScrapeAuthorized(`bearer ${TOKEN}`, TOKEN)).toBe(true);
  });

  it.each([
    ['no header', undefined],
    ['an empty header', ''],
    ['another token', 'Bearer another-token-of-some-length'],
    ['a prefix of the token', `Bearer ${TOKEN.slice(0, -1)}`],
    ['the token with more after it', `Bearer ${TOKEN}x`],
    ['the token without a scheme', TOKEN],
    ['the token as Basic credentials', `Basic ${TOKEN}`],
    ['two credentials', `Bearer ${TOKEN} ${TOKEN}`],
  ])('refuses %s', (_case, header) => {
    expect(isScrapeAuthorized(header, TOKEN)).toBe(false);
  });
});
