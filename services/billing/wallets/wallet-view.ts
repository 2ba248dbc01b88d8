import { presentDecimal, presentMajorUnits } from '../../../domain/money';
import {
  creditsValue,
  presentCredits,
  type CreditUnits,
  type OngoingBalance,
  type RecurringTopUp,
} from '../../../domain/wallets';
import type { WalletRecord, WalletTransactionRecord } from './wallet-records';

/** A type alias, not an interface, so that a view is also a `Record<string, unknown>` (outbox event data). */
export type WalletView = {
  id: string;
  customerId: string;
  name: string | null;
  currency: string;
  rateAmount: number;
  status: WalletRecord['status'];
  creditsBalance: number;
  balance: number;
  consumedCredits: number;
  expirationAt: string | null;
  invoiceRequiresSuccessfulPayment: boolean;
  lowBalanceThresholdCredits: number | null;
  recurringTopUps: RecurringTopUpView[];
  terminatedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

export type RecurringTopUpView = {
  trigger: RecurringTopUp['trigger'];
  interval: RecurringTopUp['interval'];
  thresholdCredits: number | null;
  method: RecurringTopUp['method'];
  paidCredits: number | null;
  grantedCredits: number | null;
  targetCredits: number | null;
};

/** The wallet as a read answers it: with its ongoing balance, exact at the read. */
export type OngoingWalletView = WalletView & { ongoingBalance: number; ongoingCreditsBalance: number };

export type WalletTransactionView = {
  id: string;
  walletId: string;
  transactionType: WalletTransactionRecord['transactionType'];
  status: WalletTransactionRecord['status'];
  source: WalletTransactionRecord['source'];
  creditAmount: number;
  amount: number;
  currency: string;
  invoiceId: string | null;
  trigger: WalletTransactionRecord['trigger'];
  name: string | null;
  metadata: Record<string, string>;
  settledAt: string | null;
  createdAt: string;
};

const maybeCredits = (credits: CreditUnits | null): number | null =>
  credits === null ? null : presentCredits(credits);

/** A top-up rule as the wallet shows it: every field, null where the rule has none. */
export function recurringTopUpView(rule: RecurringTopUp): RecurringTopUpView {
  return {
    trigger: rule.trigger,
    interval: rule.interval,
    thresholdCredits: maybeCredits(rule.thresholdCredits),
    method: rule.method,
    paidCredits: maybeCredits(rule.paidCredits),
    grantedCredits: maybeCredits(rule.grantedCredits),
    targetCredits: maybeCredits(rule.targetCredits),
  };
}

/** The wallet as the API and its events show it: `balance` is the credits balance × rate, rounded once. */
export function walletView(wallet: WalletRecord): WalletView {
  const balanceMinor = creditsValue(wallet.creditsBalance, wallet.rate, wallet.currency);
  return {
    id: wallet.id,
    customerId: wallet.customerId,
    name: wallet.name,
    currency: wallet.currency,
    rateAmount: presentDecimal(wallet.rate),
    status: wallet.status,
    creditsBalance: presentCredits(wallet.creditsBalance),
    balance: presentMajorUnits({ amount: balanceMinor, currency: wallet.currency }),
    consumedCredits: presentCredits(wallet.consumedCredits),
    expirationAt: wallet.expirationAt?.toISOString() ?? null,
    invoiceRequiresSuccessfulPayment: wallet.invoiceRequiresSuccessfulPayment,
    lowBalanceThresholdCredits: maybeCredits(wallet.lowBalanceThresholdCredits),
    recurringTopUps: wallet.recurringTopUps.map(recurringTopUpView),
    terminatedAt: wallet.terminatedAt?.toISOString() ?? null,
    createdAt: wallet.createdAt.toISOString(),
    updatedAt: wallet.updatedAt.toISOString(),
  };
}

/**
 * GET and list answers add the ongoing balance (balance less the usage not yet invoiced). Events carry `walletView`
 * without it: they are recorded inside the change they report, where the usage is not priced.
 */
export function ongoingWalletView(wallet: WalletRecord, ongoing: OngoingBalance): OngoingWalletView {
  return {
    ...walletView(wallet),
    ongoingBalance: presentMajorUnits({ amount: ongoing.ongoingBalanceMinor, currency: wallet.currency }),
    ongoingCreditsBalance: presentCredits(ongoing.ongoingCredits),
  };
}

export function walletTransactionView(transaction: WalletTransactionRecord): WalletTransactionView {
  return {
    id: transaction.id,
    walletId: transaction.walletId,
    transactionType: transaction.transactionType,
    status: transaction.status,
    source: transaction.source,
    creditAmount: presentCredits(transaction.credits),
    amount: presentMajorUnits({ amount: transaction.amountMinor, currency: transaction.currency }),
    currency: transaction.currency,
    invoiceId: transaction.invoiceId,
    trigger: transaction.trigger,
    name: transaction.name,
    metadata: transaction.metadata,
    settledAt: transaction.settledAt?.toISOString() ?? null,
    createdAt: transaction.createdAt.toISOString(),
  };
}
