import { DateTime } from 'luxon';

/** A due date as the request gave it: a calendar date, or an instant. */
export type DueDateInput = { date: string } | { instant: Date };

/**
 * The instant a requested due date names for a customer billed in `timeZone`: a calendar date is the start of that
 * day on the customer's wall clocks (the day their invoice, PDF and e-mails print), an instant is itself.
 */
export function resolveDueDate(input: DueDateInput, timeZone: string): Date {
  if ('instant' in input) return input.instant;
  const day = DateTime.fromISO(input.date, { zone: timeZone }).startOf('day');
  if (!day.isValid) throw new RangeError(`Not a calendar date in ${timeZone}: ${JSON.stringify(input.date)}`);
  return day.toJSDate();
}
