export {
  computeCouponDiscounts,
  consumeCoupon,
  couponAmount,
  isCouponEligible,
  totalDiscount,
  type AppliedDiscount,
  type CouponConsumption,
  type CouponFrequency,
  type CouponTerms,
  type DiscountCandidate,
} from './coupon-discount';
export { formatInvoiceNumber, invoiceCounterName, invoiceNumberYear } from './invoice-number';
export { addDays, computeDueDate, computeFinalizeAfter, resolveDays } from './invoice-terms';
export { computeAmountDue, computeInvoiceTotals, type InvoiceTotals } from './invoice-totals';
export {
  checkInvoiceTransition,
  describeInvalidTransition,
  type InvalidInvoiceTransition,
  type InvoiceAction,
  type InvoiceState,
} from './invoice-transitions';
export { priceItem, type PricedItem } from './manual-item';
