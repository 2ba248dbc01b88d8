/**
 * The dunning ladder of an unpaid invoice (CONTRACT §12): on its due date (day 0) the subscription becomes past due,
 * reminders follow on the tenant's reminder days, and on `uncollectibleAfterDays` the invoice is written off. Days are
 * 24-hour days after the due date. The settings are read afresh at each step, so the ladder is walked one step at a
 * time: the next day after the one last handled, under the settings of the moment.
 */

export const DAY_MS = 86_400_000;

export interface DunningLadder {
  reminderDays: readonly number[];
  uncollectibleAfterDays: number;
}

/** The first step day after `afterDay` (day 0 is the due date itself), or undefined when the ladder is over. */
export function nextDunningDay(ladder: DunningLadder, afterDay: number): number | undefined {
  const later = [...ladder.reminderDays, ladder.uncollectibleAfterDays].filter((day) => day > afterDay);
  return later.length === 0 ? undefined : Math.min(...later);
}

/**
 * What a step day holds under the settings of the moment: a reminder, the write-off, or both. The write-off is due on
 * its day or any later step: `uncollectibleAfterDays` lowered while the ladder waited for a later day (the day it
 * names already behind) writes the invoice off at the step that comes, instead of never.
 */
export function dunningStepOn(ladder: DunningLadder, day: number): { remind: boolean; writeOff: boolean } {
  return { remind: ladder.reminderDays.includes(day), writeOff: day >= ladder.uncollectibleAfterDays };
}

/** The instant of a step day: `day` whole 24-hour days after the due date. */
export function dunningInstant(dueDate: string, day: number): number {
  return Date.parse(dueDate) + day * DAY_MS;
}

/**
 * Whether the reminder of `day` is still worth sending at `nowMs`: not when a later reminder day is already due too.
 * A ladder that starts or resumes late (an invoice created with a past due date, a worker down for days) sends the
 * latest reminder that is due, not a burst of every one it missed.
 */
export function isReminderCurrent(options: {
  ladder: DunningLadder;
  dueDate: string;
  day: number;
  nowMs: number;
}): boolean {
  const { ladder, dueDate, day, nowMs } = options;
  return !ladder.reminderDays.some((later) => later > day && dunningInstant(dueDate, later) <= nowMs);
}
