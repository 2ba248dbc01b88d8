/**
 * The currencies Flutterwave collects in, from its payment-method documentation: cards in NGN, USD, EUR, GBP and the
 * local currencies below; bank transfer and USSD in NGN and GHS; account charges in NGN, GBP, EUR and ZAR; mobile money
 * in GHS (Ghana), KES (M-Pesa), UGX (Uganda), RWF (Rwanda), TZS (Tanzania), ZMW (Zambia), XAF and XOF (francophone
 * mobile money); Fawry Pay in EGP. What a given account may take is narrowed by the configuration's
 * `supportedCurrencies`.
 */
export const FLUTTERWAVE_CURRENCIES: ReadonlySet<string> = new Set([
  'NGN',
  'USD',
  'EUR',
  'GBP',
  'GHS',
  'KES',
  'ZAR',
  'UGX',
  'TZS',
  'RWF',
  'XAF',
  'XOF',
  'ZMW',
  'EGP',
]);
