import type { MigrationList } from '../migration-list';
import { CreateCustomers } from './20261122120000-create-customers';
import { CreatePlans } from './20261122140000-create-plans';
import { CreateBillableMetricsAndCharges } from './20261122150000-create-billable-metrics-and-charges';
import { CreatePaymentProviders } from './20261122160000-create-payment-providers';
import { CreateCoupons } from './20261122170000-create-coupons';
import { CreateAddOns } from './20261122180000-create-add-ons';
import { CreateSubscriptionsAndInvoices } from './20261122190000-create-subscriptions-and-invoices';
import { CreateInvoiceDiscounts } from './20261122200000-create-invoice-discounts';
import { CreateWebhookAttempts } from './20261122210000-create-webhook-attempts';
import { AddInvoiceDiscountCouponCodes } from './20261122220000-add-invoice-discount-coupon-codes';
import { AllowBoundSealedCredentials } from './20261125100000-allow-bound-sealed-credentials';
import { CreateUsageEvents } from './20261126140000-create-usage-events';
import { AddUsageSegmentPeriods } from './20261127100000-add-usage-segment-periods';
import { AddProviderPayments } from './20261128100000-add-provider-payments';
import { AddRefundCreditNoteSkippedReason } from './20261128140000-add-refund-credit-note-skipped-reason';
import { AddPaymentMoneyLedger } from './20261129100000-add-payment-money-ledger';
import { AddRefundRequestKeys } from './20261129110000-add-refund-request-keys';
import { AddSubscriptionBillingErrors } from './20261130100000-add-subscription-billing-errors';
import { CreateWallets } from './20261201100000-create-wallets';
import { AddWalletInvoicing } from './20261202100000-add-wallet-invoicing';
import { AddMetricLimitedCoupons } from './20261203100000-add-metric-limited-coupons';
import { CreateSubscriptionChanges } from './20261203110000-create-subscription-changes';
import { AddAnalyticsIndexes } from './20261204100000-add-analytics-indexes';
import { AddWalletTransactionRequestKeys } from './20261205100000-add-wallet-transaction-request-keys';
import { AddWalletAlertsAndTopUps } from './20261206100000-add-wallet-alerts-and-top-ups';
import { CreateTestClocks } from './20261208100000-create-test-clocks';
import { AddAnalyticsMrrMonths } from './20261209100000-add-analytics-mrr-months';
import { AddAnalyticsCashMonths } from './20261209110000-add-analytics-cash-months';
import { AllowSandboxProvider } from './20261210100000-allow-sandbox-provider';
import { AddEventSeqIndex } from './20261211100000-add-event-seq-index';
import { AddWalletTopUpOwedCredits } from './20261211110000-add-wallet-top-up-owed-credits';
import { AddWebhookEventTestClocks } from './20261213100000-add-webhook-event-test-clocks';
import { LeaveEndedCheckoutsOutOfPaymentAnalytics } from './20261214100000-leave-ended-checkouts-out-of-payment-analytics';
import { RecountTestClockCustomers } from './20261214110000-recount-test-clock-customers';
import { AddSubscriptionPastDueSignalled } from './20261216100000-add-subscription-past-due-signalled';
import { AddWalletBalanceDips } from './20261217100000-add-wallet-balance-dips';

/** Every tenant schema's migrations, oldest first. Append only: a landed migration is never edited or reordered. */
export const tenantMigrations: MigrationList = [
  CreateCustomers,
  CreatePlans,
  CreateBillableMetricsAndCharges,
  CreatePaymentProviders,
  CreateCoupons,
  CreateAddOns,
  CreateSubscriptionsAndInvoices,
  CreateInvoiceDiscounts,
  CreateWebhookAttempts,
  AddInvoiceDiscountCouponCodes,
  AllowBoundSealedCredentials,
  CreateUsageEvents,
  AddUsageSegmentPeriods,
  AddProviderPayments,
  AddRefundCreditNoteSkippedReason,
  AddPaymentMoneyLedger,
  AddRefundRequestKeys,
  AddSubscriptionBillingErrors,
  CreateWallets,
  AddWalletInvoicing,
  AddMetricLimitedCoupons,
  CreateSubscriptionChanges,
  AddAnalyticsIndexes,
  AddWalletTransactionRequestKeys,
  AddWalletAlertsAndTopUps,
  CreateTestClocks,
  AddAnalyticsMrrMonths,
  AddAnalyticsCashMonths,
  AllowSandboxProvider,
  AddEventSeqIndex,
  AddWalletTopUpOwedCredits,
  AddWebhookEventTestClocks,
  LeaveEndedCheckoutsOutOfPaymentAnalytics,
  RecountTestClockCustomers,
  AddSubscriptionPastDueSignalled,
  AddWalletBalanceDips,
];
