export { createWallet, type NewWallet } from './create-wallet';
export type { CreditSeller } from './credit-seller';
export {
  failInvoicePurchases,
  recordCreditPurchase,
  settleInvoicePurchases,
  type PurchaseInvoice,
} from './credit-purchases';
export { readWalletFunds, recordWalletConsumption, returnInvoiceConsumption } from './invoice-consumption';
export {
  invoiceSoldCredits,
  lockInvoicePurchase,
  restoreRefundedCredits,
  voidPurchasedCredits,
  type PurchasedCredits,
  type PurchaseReversal,
} from './purchased-credits';
export { customerWallets } from './customer-wallets';
export { expireWalletIfDue } from './expire-wallet';
export { temporalWalletWaker } from './temporal-waker';
export { terminateWallet } from './terminate-wallet';
export { updateWallet, type WalletChange } from './update-wallet';
export { walletWakeSender } from './wake-wallet-workflows';
export { walletError } from './wallet-errors';
export { listActiveWalletIds, listWalletTransactions, listWallets } from './wallet-queries';
export { findWallet, lockWallet } from './wallet-store';
export {
  hasPendingThresholdPurchase,
  readBalanceDip,
  recordWalletAlert,
  saveAlertState,
  saveCheckedBalance,
  type BalanceDip,
} from './wallet-alerts';
export { oweBalanceCheck } from './pending-wakes';
export {
  claimTopUpFiring,
  dropOwedPurchase,
  listOwedCheckouts,
  lockOwedPurchases,
  markCheckoutRequested,
  owesThresholdPurchase,
  recordFiringInvoice,
  recordOwedPurchase,
  type OwedPurchase,
  type TopUpFiring,
  type TopUpSql,
} from './top-up-firings';
export { topUpRuleOf } from './top-up-rules';
export { listWalletsToCheck, type WalletToCheck } from './usage-checks';
export {
  readWalletUsagePayload,
  WALLET_USAGE_CHANNEL,
  walletUsageNotifier,
  walletUsagePayloads,
  type UsageNotice,
} from './usage-notifications';
export { listenForWalletWakes, type WalletWakeSender } from './wallet-wake-listening';
export {
  WALLET_STATUSES,
  WALLET_TRANSACTION_SOURCES,
  WALLET_TRANSACTION_STATUSES,
  WALLET_TRANSACTION_TRIGGERS,
  WALLET_TRANSACTION_TYPES,
  type WalletRecord,
  type WalletStatus,
} from './wallet-records';
export { addWalletTransactions, requireTopUpsWorth, type WalletTransactionRequest } from './wallet-transactions';
export { ongoingWalletView, walletTransactionView, walletView } from './wallet-view';
export { grantCredits, type TransactionContext } from './wallet-credits';
export type { WalletTransactionRecord } from './wallet-records';
export { sendWalletWake, type WalletWake, type WalletWorkflowWaker } from './wallet-wake';
export {
  sendPendingWalletWakes,
  startWalletWakeLoop,
  type WalletWakeLoop,
  type WalletWakeReport,
} from './wallet-wake-loop';
export { deleteCustomersWallets } from './customer-removal';
