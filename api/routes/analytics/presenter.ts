import { presentMajorUnits, toCurrencyCode } from '../../../domain/money';
import type {
  ChurnCohort,
  CurrencyLifetimeValue,
  CurrencyMrrBreakdown,
  CurrencyNetRevenue,
  CurrencyRevenue,
  LifetimeValue,
  PaymentReport,
  RevenueReport,
} from '../../../services/analytics/reports';

/** Minor units of `currency` as the number of major units the API shows. */
const major = (amount: bigint, currency: string): number =>
  presentMajorUnits({ amount, currency: toCurrencyCode(currency) });

function presentCurrencyRevenue(revenue: CurrencyRevenue) {
  const { currency } = revenue;
  return {
    currency,
    totalRevenue: major(revenue.totalRevenueMinor, currency),
    mrr: major(revenue.mrrMinor, currency),
    arr: major(revenue.arrMinor, currency),
    months: revenue.months.map((month) => ({ month: month.month, revenue: major(month.revenueMinor, currency) })),
  };
}

export function presentRevenue(report: RevenueReport) {
  return { ...presentCurrencyRevenue(report), byCurrency: report.byCurrency.map(presentCurrencyRevenue) };
}

export function presentPayments(report: PaymentReport) {
  return {
    successRate: report.successRate,
    currency: report.currency,
    volume: major(report.volumeMinor, report.currency),
    byCurrency: report.byCurrency.map((each) => ({
      currency: each.currency,
      volume: major(each.volumeMinor, each.currency),
      succeeded: each.succeeded,
      failed: each.failed,
      refunded: major(each.refundedMinor, each.currency),
    })),
  };
}

export function presentMrrBreakdown(report: CurrencyMrrBreakdown[]) {
  return {
    byCurrency: report.map((each) => {
      const { currency } = each;
      return {
        currency,
        new: major(each.new, currency),
        expansion: major(each.expansion, currency),
        contraction: major(each.contraction, currency),
        churned: major(each.churned, currency),
        netNew: major(each.netNew, currency),
        byPlan: each.byPlan.map((plan) => ({ planId: plan.planId, mrr: major(plan.mrrMinor, currency) })),
      };
    }),
  };
}

export function presentNetRevenue(report: CurrencyNetRevenue[]) {
  return {
    byCurrency: report.map((each) => ({
      currency: each.currency,
      gross: major(each.grossMinor, each.currency),
      refunds: major(each.refundsMinor, each.currency),
      creditNotes: major(each.creditNotesMinor, each.currency),
      net: major(each.netMinor, each.currency),
    })),
  };
}

export function presentChurnCohorts(cohorts: ChurnCohort[]) {
  return { cohorts };
}

function presentLifetime(value: LifetimeValue, currency: string) {
  return {
    averageRevenuePerCustomer: major(value.averageRevenuePerCustomerMinor, currency),
    averageLifespanMonths: value.averageLifespanMonths,
    ltv: major(value.ltvMinor, currency),
  };
}

export function presentLtv(report: CurrencyLifetimeValue[]) {
  return {
    byCurrency: report.map((each) => ({
      currency: each.currency,
      ...presentLifetime(each, each.currency),
      byPlan: each.byPlan.map((plan) => ({ planId: plan.planId, ...presentLifetime(plan, each.currency) })),
    })),
  };
}
