export {
  computeCouponDiscounts,
  consumeCoupon,
  couponAmount,
  discountBase,
  isCouponEligible,
  totalDiscount,
  type AppliedDiscount,
  type CouponConsumption,
  type DiscountCandidate,
} from './coupon-discount';
export { dunningInstant, dunningStepOn, isReminderCurrent, nextDunningDay, type DunningLadder } from './dunning-ladder';
export { COLLECTING_STATUSES, isOverdue, type OverdueFacts } from './invoice-overdue';
export { formatInvoiceNumber, invoiceCounterName, invoiceNumberYear } from './invoice-number';
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
  applyCoupons,
  composeInvoice,
  drawCustomerCredit,
  type ComposableLine,
  type CouponToApply,
  type CreditDraw,
  type CreditSource,
  type InvoiceComposition,
  invoicePurpose,
  type InvoicePurpose,
  type InvoiceToCompose,
} from './invoice-composition';
