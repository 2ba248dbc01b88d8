import type { AnalyticsSql } from './analytics-query';

/**
 * A condition that keeps `customerColumn` to customers on the wall clock: a test clock's customers are a simulation,
 * and their payments, refunds, invoices and credit notes stay out of every report.
 */
export function onWallClock(sql: AnalyticsSql, customerColumn: string): string {
  return `${customerColumn} not in (select id from ${sql.table('customers')} where test_clock_id is not null)`;
}

/** The same for a refund, whose customer is its payment's. */
export function refundOnWallClock(sql: AnalyticsSql, paymentColumn: string): string {
  return `${paymentColumn} in (select id from ${sql.table('payments')} where ${onWallClock(sql, 'customer_id')})`;
}
