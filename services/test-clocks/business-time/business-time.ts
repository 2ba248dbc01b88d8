import type { Clock } from '../../../domain/clock';
import type { TenantSql } from '../../../infra/db/tenant-sql';
import { findInvoice } from '../../billing/invoices';
import { findAppliedAddOn } from '../../catalog/add-ons';
import { findAppliedCouponCustomer } from '../../catalog/coupons';
import { customerRequestClock } from '../../catalog/customers';
import { findPayment } from '../../payments/records';

/**
 * Business time for a request about one customer's record: its test clock's time when the customer lives on one,
 * `base` (the wall clock) otherwise, and `base` for an id that names nothing (the service called next answers the
 * 404). Each reads the record's customer, then the customer's clock; a customer whose clock is advancing is refused
 * (409 `test_clock_advancing`): every request that asks is about to change something of theirs.
 */
export interface BusinessTime {
  ofCustomer(sql: TenantSql, customerId: string): Promise<Date>;
  ofInvoice(sql: TenantSql, invoiceId: string): Promise<Date>;
  ofPayment(sql: TenantSql, paymentId: string): Promise<Date>;
  ofAppliedAddOn(sql: TenantSql, appliedAddOnId: string): Promise<Date>;
  ofAppliedCoupon(sql: TenantSql, appliedCouponId: string): Promise<Date>;
}

export function businessTime(base: Clock): BusinessTime {
  const timeOf = async (sql: TenantSql, customerId: string | undefined): Promise<Date> =>
    customerId === undefined ? base.now() : (await customerRequestClock(sql, customerId, base)).now();
  return {
    ofCustomer: (sql, customerId) => timeOf(sql, customerId),
    ofInvoice: async (sql, invoiceId) => timeOf(sql, (await findInvoice(sql, invoiceId))?.customerId),
    ofPayment: async (sql, paymentId) => timeOf(sql, (await findPayment(sql, paymentId))?.customerId),
    ofAppliedAddOn: async (sql, appliedAddOnId) =>
      timeOf(sql, (await findAppliedAddOn(sql, appliedAddOnId))?.customerId),
    ofAppliedCoupon: async (sql, appliedCouponId) => timeOf(sql, await findAppliedCouponCustomer(sql, appliedCouponId)),
  };
}
