export {
  CREDIT_DECIMALS,
  creditsDecimal,
  formatCredits,
  parseCredits,
  presentCredits,
  wholeCredits,
  type CreditUnits,
} from './credits';
export { consumeWallet, type WalletConsumption, type WalletFunds } from './wallet-consumption';
export { ongoingBalance, type OngoingBalance } from './ongoing-balance';
export { lotsBalance, takeCredits, takingOrder, type CreditKind, type CreditLot, type LotTake } from './wallet-lots';
export { creditsCovering, creditsValue, parseRate, RATE_DECIMALS } from './wallet-rate';
export {
  alertStateAtCreation,
  evaluateWalletAlerts,
  type AlertDecision,
  type AlertReading,
  type AlertState,
  type WalletAlert,
} from './balance-alerts';
export {
  nextIntervalFiring,
  recurringTopUpProblems,
  topUpCredits,
  TOP_UP_METHODS,
  TOP_UP_TRIGGERS,
  type IntervalFiring,
  type RecurringTopUp,
  type TopUpMethod,
  type TopUpRuleProblem,
  type TopUpTrigger,
} from './recurring-top-ups';
export { nextAlertLevel, nextCheckSpacingMs, type CreditsReading } from './check-spacing';
