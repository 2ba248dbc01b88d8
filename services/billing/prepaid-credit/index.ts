export { sellCredits } from './sell-credits';
export { changeWallet, changeWalletCredits, closeWallet, openWallet, requestWalletCredits } from './wallet-requests';
export { listOngoingWallets, readOngoingWallet, withOngoingBalance, type OngoingWallet } from './ongoing-wallets';
export { checkWalletBalance, type BalanceCheck } from './balance-check';
export { readWalletTopUpSchedule, topUpOnInterval } from './interval-top-ups';
export { startWalletUsageChecks, type WalletUsageCheckOptions, type WalletUsageChecks } from './wallet-usage-checks';
export { issueOwedTopUpInvoices } from './owed-top-up-invoices';
