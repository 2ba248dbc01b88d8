/**
 * A rate 0..1 with four decimals; 0 when there is nothing to divide by. Never above 1: a churn rate's cancellations
 * in a range may include subscriptions that were not live at its start (started, or paused, then), so more may end
 * than were live at the start; all of them then churned.
 */
export function rateOf(numerator: number, denominator: number): number {
  if (denominator === 0) return 0;
  return Math.min(1, Math.round((numerator / denominator) * 10_000) / 10_000);
}
