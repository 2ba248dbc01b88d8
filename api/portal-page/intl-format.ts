/**
 * Amounts, credits and dates as the customer reads them: Intl in the session's locale, money in its own currency's
 * format, dates in the customer's billing time zone (the zone their periods are computed in), so "renews on" shows the
 * day the customer's invoice will carry.
 */
export interface PageFormat {
  money(amount: number, currency: string): string;
  credits(amount: number): string;
  date(value: Date | string | null): string;
  dateTime(value: Date | string | null): string;
  units(amount: number): string;
}

export const DEFAULT_LOCALE = 'en-US';

/** The locale when Intl knows it, else the default: a link's locale is checked for shape only. */
export function supportedLocale(locale: string | null): string {
  if (locale === null) return DEFAULT_LOCALE;
  try {
    return Intl.NumberFormat.supportedLocalesOf([locale])[0] ?? DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

export function pageFormat(options: { locale: string; timeZone: string }): PageFormat {
  const { locale, timeZone } = options;
  const moneyFormats = new Map<string, Intl.NumberFormat>();
  const moneyFormat = (currency: string) => {
    const known = moneyFormats.get(currency);
    if (known !== undefined) return known;
    const made = new Intl.NumberFormat(locale, { style: 'currency', currency });
    moneyFormats.set(currency, made);
    return made;
  };
  const credits = new Intl.NumberFormat(locale, { maximumFractionDigits: 5 });
  const units = new Intl.NumberFormat(locale, { maximumFractionDigits: 12 });
  const dates = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone });
  const dateTimes = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  const instant = (value: Date | string) => (typeof value === 'string' ? new Date(value) : value);
  return {
    money: (amount, currency) => moneyFormat(currency).format(amount),
    credits: (amount) => credits.format(amount),
    units: (amount) => units.format(amount),
    date: (value) => (value === null ? '' : dates.format(instant(value))),
    dateTime: (value) => (value === null ? '' : dateTimes.format(instant(value))),
  };
}
