export { createWallet, type NewWallet } from './create-wallet';
export type { CreditSeller } from './credit-seller';
export {
  failInvoicePurchases,
  recordCreditPurchase,
  settleInvoicePurchases,
  type PurchaseInvoice,
} from './credit-purchases';
export { readWalletFunds, recordWalletConsumption, returnInvoiceConsumption } from './invoice-consumption';
export { terminateWallet } from './terminate-wallet';
export { updateWallet, type WalletChange } from './update-wallet';
export { walletError } from './wallet-errors';
export { listWalletTransactions, listWallets } from './wallet-queries';
export { findWallet } from './wallet-store';
export {
  WALLET_STATUSES,
  WALLET_TRANSACTION_SOURCES,
  WALLET_TRANSACTION_STATUSES,
  WALLET_TRANSACTION_TRIGGERS,
  WALLET_TRANSACTION_TYPES,
  type WalletStatus,
} from './wallet-records';
export { addWalletTransactions, type WalletTransactionRequest } from './wallet-transactions';
export { walletTransactionView, walletView } from './wallet-view';
export type { TransactionContext } from './wallet-credits';
export type { WalletRecord, WalletTransactionRecord } from './wallet-records';
