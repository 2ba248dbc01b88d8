import type { CurrencyCode, Decimal } from '../../../domain/money';
import { parseDecimal, toCurrencyCode } from '../../../domain/money';
import type { AlertState, CreditKind, CreditUnits, RecurringTopUp } from '../../../domain/wallets';
import type { TenantSql } from '../../../infra/db/tenant-sql';
import { readTopUpRules } from './top-up-rules';

export const WALLET_STATUSES = ['ACTIVE', 'TERMINATED'] as const;
export type WalletStatus = (typeof WALLET_STATUSES)[number];
export const WALLET_TRANSACTION_TYPES = ['INBOUND', 'OUTBOUND'] as const;
export type WalletTransactionType = (typeof WALLET_TRANSACTION_TYPES)[number];
export const WALLET_TRANSACTION_STATUSES = ['PENDING', 'SETTLED', 'FAILED'] as const;
export type WalletTransactionStatus = (typeof WALLET_TRANSACTION_STATUSES)[number];
export const WALLET_TRANSACTION_SOURCES = [
  'PURCHASE',
  'GRANT',
  'VOID',
  'INVOICE',
  'INVOICE_VOID',
  'EXPIRATION',
  'TERMINATION',
] as const;
export type WalletTransactionSource = (typeof WALLET_TRANSACTION_SOURCES)[number];
export const WALLET_TRANSACTION_TRIGGERS = ['MANUAL', 'INTERVAL', 'THRESHOLD'] as const;
export type WalletTransactionTrigger = (typeof WALLET_TRANSACTION_TRIGGERS)[number];

export interface WalletRecord {
  id: string;
  customerId: string;
  name: string | null;
  currency: CurrencyCode;
  rate: Decimal;
  status: WalletStatus;
  creditsBalance: CreditUnits;
  consumedCredits: CreditUnits;
  expirationAt: Date | null;
  invoiceRequiresSuccessfulPayment: boolean;
  lowBalanceThresholdCredits: CreditUnits | null;
  /** At most one rule per trigger. */
  recurringTopUps: RecurringTopUp[];
  /** What the wallet has told of its balance (each crossing once) and whether its THRESHOLD rule fired this fall. */
  alerts: AlertState;
  /** How many times the THRESHOLD rule fired: its next firing is `THRESHOLD:<thresholdTopUps + 1>`. */
  thresholdTopUps: number;
  terminatedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface WalletTransactionRecord {
  id: string;
  walletId: string;
  transactionType: WalletTransactionType;
  status: WalletTransactionStatus;
  source: WalletTransactionSource;
  creditKind: CreditKind | null;
  credits: CreditUnits;
  amountMinor: bigint;
  currency: CurrencyCode;
  invoiceId: string | null;
  trigger: WalletTransactionTrigger;
  name: string | null;
  metadata: Record<string, string>;
  settledAt: Date | null;
  createdAt: Date;
}

/** The tables the wallets module owns and reads. */
export type WalletTable =
  'wallets' | 'wallet_transactions' | 'wallet_transaction_takes' | 'customers' | 'webhook_events';
export type WalletSql = TenantSql<WalletTable>;

export interface WalletRow {
  id: string;
  customer_id: string;
  name: string | null;
  currency: string;
  rate_amount: string;
  status: WalletStatus;
  credits_balance: string | number;
  consumed_credits: string | number;
  expiration_at: Date | string | null;
  invoice_requires_successful_payment: boolean;
  low_balance_threshold_credits: string | number | null;
  recurring_top_ups: unknown;
  low_balance_alerted: boolean;
  depleted_alerted: boolean;
  threshold_top_up_fired: boolean;
  threshold_top_ups: number;
  terminated_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export const WALLET_COLUMNS = `id, customer_id, name, currency, rate_amount::text as rate_amount, status,
  credits_balance, consumed_credits, expiration_at, invoice_requires_successful_payment, low_balance_threshold_credits,
  recurring_top_ups, low_balance_alerted, depleted_alerted, threshold_top_up_fired, threshold_top_ups, terminated_at,
  created_at, updated_at`;

export interface WalletTransactionRow {
  id: string;
  wallet_id: string;
  transaction_type: WalletTransactionType;
  status: WalletTransactionStatus;
  source: WalletTransactionSource;
  credit_kind: CreditKind | null;
  credits: string | number;
  amount_minor: string | number;
  currency: string;
  invoice_id: string | null;
  trigger: WalletTransactionTrigger;
  name: string | null;
  metadata: Record<string, string>;
  settled_at: Date | string | null;
  created_at: Date | string;
}

/** Columns of `wallet_transactions as transaction` joined to `wallets as wallet` (for the currency). */
export const TRANSACTION_COLUMNS = `transaction.id, transaction.wallet_id, transaction.transaction_type,
  transaction.status, transaction.source, transaction.credit_kind, transaction.credits, transaction.amount_minor,
  wallet.currency, transaction.invoice_id, transaction.trigger, transaction.name, transaction.metadata,
  transaction.settled_at, transaction.created_at`;

const instant = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));
const maybeInstant = (value: Date | string | null): Date | null => (value === null ? null : instant(value));

function rateOf(text: string): Decimal {
  const parsed = parseDecimal(text);
  if (!parsed.ok) throw new Error(`stored wallet rate is not a decimal: ${text}`);
  return parsed.value;
}

export function toWalletRecord(row: WalletRow): WalletRecord {
  return {
    id: row.id,
    customerId: row.customer_id,
    name: row.name,
    currency: toCurrencyCode(row.currency),
    rate: rateOf(row.rate_amount),
    status: row.status,
    creditsBalance: BigInt(row.credits_balance),
    consumedCredits: BigInt(row.consumed_credits),
    expirationAt: maybeInstant(row.expiration_at),
    invoiceRequiresSuccessfulPayment: row.invoice_requires_successful_payment,
    lowBalanceThresholdCredits:
      row.low_balance_threshold_credits === null ? null : BigInt(row.low_balance_threshold_credits),
    recurringTopUps: readTopUpRules(row.recurring_top_ups),
    alerts: {
      lowBalanceSent: row.low_balance_alerted,
      depletedSent: row.depleted_alerted,
      thresholdFired: row.threshold_top_up_fired,
    },
    thresholdTopUps: row.threshold_top_ups,
    terminatedAt: maybeInstant(row.terminated_at),
    createdAt: instant(row.created_at),
    updatedAt: instant(row.updated_at),
  };
}

export function toWalletTransactionRecord(row: WalletTransactionRow): WalletTransactionRecord {
  return {
    id: row.id,
    walletId: row.wallet_id,
    transactionType: row.transaction_type,
    status: row.status,
    source: row.source,
    creditKind: row.credit_kind,
    credits: BigInt(row.credits),
    amountMinor: BigInt(row.amount_minor),
    currency: toCurrencyCode(row.currency),
    invoiceId: row.invoice_id,
    trigger: row.trigger,
    name: row.name,
    metadata: row.metadata,
    settledAt: maybeInstant(row.settled_at),
    createdAt: instant(row.created_at),
  };
}

/** Expected refusals as stable codes; `walletError` says them as AppErrors. */
export type WalletFailure =
  | { code: 'wallet_not_found' }
  | { code: 'customer_not_found' }
  | { code: 'wallet_already_exists' }
  | { code: 'wallet_terminated' }
  | { code: 'insufficient_wallet_credits'; balance: CreditUnits };
