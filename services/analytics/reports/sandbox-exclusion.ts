import type { AnalyticsSql } from './analytics-query';

/**
 * Payments of the SANDBOX provider are tries, not money: every payment and refund figure leaves them out. Conditions
 * to AND into a query's `where`, over `payments` and over `refunds` rows.
 */
export const NOT_SANDBOX_PAYMENT = "provider <> 'SANDBOX'";

export const notSandboxRefund = (sql: AnalyticsSql): string =>
  `payment_id not in (select id from ${sql.table('payments')} where provider = 'SANDBOX')`;
