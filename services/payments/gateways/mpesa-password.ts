// Daraja reads timestamps in Kenyan time; Africa/Nairobi is UTC+3 all year (no daylight saving), so a fixed offset
// is exact and does not depend on the runtime's time-zone data.
const NAIROBI_OFFSET_MS = 3 * 3600_000;

/** `YYYYMMDDHHmmss` in Nairobi time, as the STK push and STK query `Timestamp` want it. */
export function darajaTimestamp(instant: Date): string {
  const nairobi = new Date(instant.getTime() + NAIROBI_OFFSET_MS);
  const two = (value: number) => String(value).padStart(2, '0');
  return (
    String(nairobi.getUTCFullYear()) +
    two(nairobi.getUTCMonth() + 1) +
    two(nairobi.getUTCDate()) +
    two(nairobi.getUTCHours()) +
    two(nairobi.getUTCMinutes()) +
    two(nairobi.getUTCSeconds())
  );
}

/** The Lipa na M-Pesa Online password: base64 of shortcode + passkey + the request's own timestamp. */
export function stkPassword(shortcode: string, passkey: string, timestamp: string): string {
  return Buffer.from(`${shortcode}${passkey}${timestamp}`, 'utf8').toString('base64');
}
