export { createWallet, type CreatedWallet, type NewWallet } from './create-wallet';
export { terminateWallet, terminateLockedWallet, type TerminationCause } from './terminate-wallet';
export { updateWallet, type WalletChange } from './update-wallet';
export { findWallet, listWallets, listWalletTransactions } from './wallet-queries';
export { walletError } from './wallet-errors';
export {
  WALLET_STATUSES,
  WALLET_TRANSACTION_SOURCES,
  WALLET_TRANSACTION_STATUSES,
  WALLET_TRANSACTION_TRIGGERS,
  WALLET_TRANSACTION_TYPES,
  type WalletRecord,
  type WalletStatus,
  type WalletTransactionRecord,
} from './wallet-records';
export { addWalletTransactions, type WalletTransactionRequest } from './wallet-transactions';
export { walletTransactionView, walletView, type WalletTransactionView, type WalletView } from './wallet-view';
