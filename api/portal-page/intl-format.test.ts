import { pageFormat, supportedLocale } from './intl-format';

describe('the page’s formats', () => {
  it('writes money in its currency’s format and the locale’s separators', () => {
    const us = pageFormat({ locale: 'en-US', timeZone: 'UTC' });
    const de = pageFormat({ locale: 'de-DE', timeZone: 'UTC' });
    expect(us.money(1234.5, 'USD')).toBe('$1,234.50');
    expect(us.money(1500, 'JPY')).toBe('¥1,500');
    expect(us.money(1.234, 'KWD')).toBe('KWD\u00a01.234');
    expect(de.money(1234.5, 'EUR')).toBe('1.234,50\u00a0€');
  });

  it('writes dates in the customer’s time zone', () => {
    const instant = '2026-03-01T02:00:00.000Z';
    expect(pageFormat({ locale: 'en-US', timeZone: 'UTC' }).date(instant)).toBe('Mar 1, 2026');
    expect(pageFormat({ locale: 'en-US', timeZone: 'America/New_York' }).date(instant)).toBe('Feb 28, 2026');
    expect(pageFormat({ locale: 'en-US', timeZone: 'UTC' }).date(null)).toBe('');
  });

  it('falls back to en-US for a locale Intl does not know', () => {
    expect(supportedLocale(null)).toBe('en-US');
    expect(supportedLocale('de-DE')).toBe('de-DE');
    expect(supportedLocale('zz-ZZ-invalid-tag-x')).toBe('en-US');
  });
});
