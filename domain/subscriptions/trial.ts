import { DateTime } from 'luxon';
import { type Instant, PeriodInvariantError } from '../periods';
import { readInstant } from '../periods/instant';

/**
 * A trial of `trialDays` ends that many days later on the customer's local calendar, at the same wall time (a trial
 * started at 10:00 in New York ends at 10:00 there, whatever the DST change in between). Zero days: no trial.
 */
export function computeTrialEnd(input: { start: Instant; trialDays: number; timeZone: string }): Date {
  if (!Number.isSafeInteger(input.trialDays) || input.trialDays < 0) {
    throw new PeriodInvariantError(`trialDays is a non-negative integer, got ${input.trialDays}`);
  }
  const local = DateTime.fromJSDate(readInstant(input.start), { zone: input.timeZone });
  if (!local.isValid) throw new PeriodInvariantError(`Invalid start or time zone: ${JSON.stringify(input)}`);
  return local.plus({ days: input.trialDays }).toJSDate();
}
