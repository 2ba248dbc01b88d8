import { roundMovements, type RoundedMovements } from '../../../domain/analytics';
import { allocate, toCurrencyCode } from '../../../domain/money';
import type { AnalyticsQuery, AnalyticsSql } from './analytics-query';
import { readRangeMovements } from './range-movements';

export interface CurrencyMrrBreakdown extends RoundedMovements {
  /** MRR at the end of the range per plan, summing to it (largest remainder), plans with MRR only. */
  byPlan: { planId: string; mrrMinor: bigint }[];
}

/** GET /analytics/mrr-breakdown: what moved MRR from the start of the range to its end, per currency. */
export async function mrrBreakdownReport(sql: AnalyticsSql, query: AnalyticsQuery): Promise<CurrencyMrrBreakdown[]> {
  const movements = await readRangeMovements(sql, query);
  return movements.map((exact) => {
    const rounded = roundMovements(exact);
    const plans = [...exact.endByPlan.entries()]
      .filter(([, amount]) => amount > 0n)
      .sort((a, b) => a[0].localeCompare(b[0]));
    if (plans.length === 0) return { ...rounded, byPlan: [] };
    const parts = allocate(
      { amount: rounded.end, currency: toCurrencyCode(exact.currency) },
      plans.map(([, amount]) => amount),
    );
    if (!parts.ok) throw new Error(`MRR by plan: ${parts.error.message}`);
    return {
      ...rounded,
      byPlan: plans.map(([planId], index) => ({ planId, mrrMinor: parts.value[index]?.amount ?? 0n })),
    };
  });
}
