export {
  analyticsRange,
  endOfMonth,
  MAX_RANGE_DAYS,
  monthOf,
  utcDay,
  type AnalyticsRange,
  type RangeResult,
} from './date-range';
export { monthlyAmount, MRR_SCALE, toMinorUnits } from './monthly-amount';
export { mrrAtEnd } from './mrr-at-end';
export { roundMovements, type RoundedMovements } from './movement-rounding';
export { mrrMovements, statesBefore, type MrrMovements, type RecurringHistory } from './mrr-movements';
export {
  customerMrr,
  isHeld,
  isLive,
  type CustomerMrr,
  type RecurringCoupon,
  type SubscriptionChange,
} from './recurring-state';
