/**
 * Who owns each table of the tenant schema (migrations/tenant/): one module of services/ (`<area>/<module>`), the
 * only one whose SQL names it. Another module that needs the table's rows calls a function the owner exports from
 * its index.ts, passing its transaction when the work spans both. `test/checks/table-ownership.test.ts` scans the
 * SQL of services/ against this list and fails on a table named outside its owner, or a table without one.
 */
export const TABLE_OWNERS: Readonly<Record<string, string>> = {
  webhook_events: 'platform/webhooks',
  webhook_attempts: 'platform/webhooks',

  customers: 'catalog/customers',
  test_clocks: 'catalog/test-clocks',
  plans: 'catalog/plans',
  plan_prices: 'catalog/plans',
  billable_metrics: 'catalog/billable-metrics',
  charges: 'catalog/charges',
  coupons: 'catalog/coupons',
  applied_coupons: 'catalog/coupons',
  add_ons: 'catalog/add-ons',
  add_on_prices: 'catalog/add-ons',
  applied_add_ons: 'catalog/add-ons',
  customer_credit_entries: 'catalog/customer-credit',

  events: 'metering/ingestion',

  subscriptions: 'billing/subscriptions',
  subscription_changes: 'billing/subscriptions',
  invoices: 'billing/invoices',
  invoice_lines: 'billing/invoices',
  invoice_discounts: 'billing/invoices',
  credit_notes: 'billing/credit-notes',
  credit_note_items: 'billing/credit-notes',
  usage_segments: 'billing/usage-pricing',
  wallets: 'billing/wallets',
  wallet_transactions: 'billing/wallets',
  wallet_transaction_takes: 'billing/wallets',
  wallet_top_ups: 'billing/wallets',

  payment_providers: 'payments/providers',
  payments: 'payments/records',
  payment_events: 'payments/notifications',
  refunds: 'payments/refunds',

  // The monthly rollup of subscription_changes: written only by that table's triggers (the migration that made it
  // defines them), read by the reports.
  analytics_mrr_months: 'analytics/reports',
  analytics_plan_months: 'analytics/reports',
  analytics_subscription_changes: 'analytics/reports',
  // The monthly rollup of payments and refunds, written only by their tables' triggers.
  analytics_cash_months: 'analytics/reports',
};

/** An area whose modules may name tables they do not own, and what they may do with them. */
export interface OwnershipException {
  /** The area under services/. */
  area: string;
  /** `read`: select only; a statement that inserts, updates or deletes a table of another module still fails. */
  access: 'read';
  why: string;
}

/** The declared exceptions: the only ones. */
export const OWNERSHIP_EXCEPTIONS: readonly OwnershipException[] = [
  {
    area: 'analytics',
    access: 'read',
    why: 'its read models aggregate the other areas’ tables (revenue, usage, churn) in SQL',
  },
  {
    area: 'portal',
    access: 'read',
    why: 'its read models show a customer what every area holds of it, in one statement per page',
  },
];
