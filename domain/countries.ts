import countries from 'i18n-iso-countries';

export type CountryResult =
  { ok: true; value: string } | { ok: false; error: { code: 'invalid_country'; message: string } };

/** Every code `parseCountryCode` accepts, upper case, sorted. */
export function listCountryCodes(): readonly string[] {
  return Object.keys(countries.getAlpha2Codes()).sort();
}

/** ISO 3166-1 alpha-2, accepted in any case and returned upper case (CONTRACT §5). */
export function parseCountryCode(input: string): CountryResult {
  const code = input.trim().toUpperCase();
  if (/^[A-Z]{2}$/.test(code) && countries.isValid(code)) return { ok: true, value: code };
  return {
    ok: false,
    error: { code: 'invalid_country', message: `${input} is not an ISO 3166-1 alpha-2 country code` },
  };
}
