export {
  BILLING_INTERVALS,
  computeBillingPeriod,
  findNextPeriod,
  findPeriodContaining,
  type BillingInterval,
  type BillingPeriod,
  type BillingSchedule,
} from './billing-period';
export { BILLING_TIMINGS, type BillingTiming } from './billing-timing';
export { countCalendarDays, type CalendarDaySpan } from './calendar-days';
export { type Instant } from './instant';
export { PeriodInvariantError, type PeriodError, type PeriodErrorCode, type PeriodResult } from './period-error';
export { billingTimeZone, listTimeZones, parseTimeZone } from './time-zone';
