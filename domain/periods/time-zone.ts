import { IANAZone } from 'luxon';

import { fail, type PeriodResult, succeed } from './period-error';

// IANA names start with a letter. Node 24's Intl also accepts UTC offsets ('+05:00'); they are not zones: a fixed
// offset ignores the customer's daylight saving time.
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]*$/;

/**
 * Validates an IANA time zone name where it enters the system (a customer's or tenant's `timezone`) and returns the
 * runtime's canonical spelling ('america/new_york' → 'America/New_York', 'GMT' → 'UTC').
 */
export function parseTimeZone(input: string): PeriodResult<string> {
  if (!IANA_NAME.test(input) || !IANAZone.isValidZone(input)) {
    return fail('invalid_time_zone', `Unknown IANA time zone: ${JSON.stringify(input)}`);
  }
  return succeed(new Intl.DateTimeFormat('en-US', { timeZone: input }).resolvedOptions().timeZone);
}

/** The canonical IANA names, as the runtime lists them, plus UTC (the canonical spelling of GMT and Etc/UTC). */
export function listTimeZones(): readonly string[] {
  return ['UTC', ...Intl.supportedValuesOf('timeZone')];
}

/**
 * The zone a customer's billing calendar runs in (CONTRACT §7): the customer's own, else the tenant's. The tenant's
 * always has a value (the platform default applies when the tenant set none), so neither is ever missing.
 */
export function billingTimeZone(zones: { customer: string | null; tenant: string }): string {
  return zones.customer ?? zones.tenant;
}
