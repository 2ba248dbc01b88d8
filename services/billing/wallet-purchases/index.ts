export { sellCredits } from './sell-credits';
export { changeWalletCredits, openWallet } from './wallet-requests';
