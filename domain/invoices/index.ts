export {
  applyCoupons,
  consumeCoupon,
  couponAmount,
  hasDiscountableLines,
  isCouponEligible,
  reapplyCoupons,
  totalDiscount,
  type AppliedDiscount,
  type CouponConsumption,
  type DiscountableInvoice,
  type DiscountableLine,
  type DiscountCandidate,
} from './coupon-discount';
export { dunningInstant, dunningStepOn, isReminderCurrent, nextDunningDay, type DunningLadder } from './dunning-ladder';
export { COLLECTING_STATUSES, isOverdue, type OverdueFacts } from './invoice-overdue';
export {
  formatInvoiceNumber,
  formatTestClockInvoiceNumber,
  invoiceCounterName,
  invoiceNumberYear,
  testClockNumberTag,
} from './invoice-number';
export { addDays, computeDueDate, computeFinalizeAfter, resolveDays } from './invoice-terms';
export { computeAmountDue, computeInvoiceTotals, type InvoiceTotals } from './invoice-totals';
export {
  checkInvoiceTransition,
  describeInvalidTransition,
  type InvalidInvoiceTransition,
  type InvoiceAction,
} from './invoice-transitions';
export { INVOICE_LINE_TYPES, INVOICE_STATUSES, type InvoiceLineType, type InvoiceStatus } from './invoice-status';
export { priceItem, type PricedItem } from './manual-item';
export {
  composeAtCreation,
  composeAtFinalize,
  composeInvoice,
  drawCustomerCredit,
  drawsCredit,
  type CreationComposition,
  type CreditDraw,
  type CreditSource,
  type FinalizeComposition,
  type InvoiceAtCreation,
  type InvoiceAtFinalize,
  type InvoiceComposition,
  invoicePurpose,
  type InvoicePurpose,
  type InvoiceToCompose,
} from './invoice-composition';
export { resolveDueDate, type DueDateInput } from './due-date';
