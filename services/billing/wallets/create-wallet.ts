import type { CurrencyCode, Decimal } from '../../../domain/money';
import { alertStateAtCreation, creditsValue, type CreditUnits, type RecurringTopUp } from '../../../domain/wallets';
import { isUniqueViolation } from '../../../infra/db/postgres-errors';
import { newId } from '../../../infra/ids';
import { findLiveCustomerCurrency, recordCustomerEvent } from '../../catalog/customers';
import { rewriteOutboxEventData } from '../../platform/webhooks';
import { requireSeller, type CreditSeller } from './credit-seller';
import { saveAlertState } from './wallet-alerts';
import { recordWalletWake } from './pending-wakes';
import { requireTopUpRulesWorth, storedTopUpRules } from './top-up-rules';
import { grantCredits } from './wallet-credits';
import { requireTopUpsWorth } from './wallet-transactions';
import { walletError } from './wallet-errors';
import type { WalletRecord, WalletSql, WalletTransactionRecord } from './wallet-records';
import { lockWallet } from './wallet-store';
import { walletView } from './wallet-view';

export interface NewWallet {
  customerId: string;
  name: string | null;
  /** Absent: the customer's currency. */
  currency?: CurrencyCode;
  rate: Decimal;
  paidCredits?: CreditUnits;
  grantedCredits?: CreditUnits;
  expirationAt: Date | null;
  invoiceRequiresSuccessfulPayment: boolean;
  lowBalanceThresholdCredits: CreditUnits | null;
  /** Absent: none. Checked by the caller (`recurringTopUpProblems`); their worth at the rate is checked here. */
  recurringTopUps?: RecurringTopUp[];
  now: Date;
}

export interface CreatedWallet {
  wallet: WalletRecord;
  transactions: WalletTransactionRecord[];
}

/**
 * A wallet for a customer, with its first credits, in one transaction: `wallet.created` (the wallet with those
 * credits), and one `wallet.transaction.created` per credit kind given (paid credits sold by `seller` on a purchase
 * invoice). A customer has one ACTIVE wallet at a time (`wallet_already_exists`, enforced by a unique index even
 * under concurrent creates). The wallet's workflow is owed its start (sent after commit where a wake sender listens,
 * else by the worker's loop).
 */
export async function createWallet(sql: WalletSql, input: NewWallet, seller?: CreditSeller): Promise<CreatedWallet> {
  requireTopUpsWorth(input, input);
  requireTopUpRulesWorth(input.recurringTopUps ?? [], input.rate);
  try {
    return await sql.transactional(async (transaction) => {
      // `for share`: the customer cannot be deleted while its wallet is being made.
      const currency = await findLiveCustomerCurrency(sql, { id: input.customerId, transaction, forShare: true });
      if (currency === undefined) throw walletError({ code: 'customer_not_found' }, input.customerId);
      const id = newId('wallet');
      await sql.query(
        `insert into ${sql.table('wallets')} (id, customer_id, name, currency, rate_amount, expiration_at,
           invoice_requires_successful_payment, low_balance_threshold_credits, recurring_top_ups, created_at,
           updated_at)
         values (?, ?, ?, ?, ?::numeric, ?, ?, ?::bigint, ?::jsonb, ?, ?)`,
        [
          id,
          input.customerId,
          input.name,
          input.currency ?? currency,
          `${input.rate.unscaled.toString()}e-${input.rate.scale}`,
          input.expirationAt,
          input.invoiceRequiresSuccessfulPayment,
          input.lowBalanceThresholdCredits?.toString() ?? null,
          storedTopUpRules(input.recurringTopUps ?? []),
          input.now,
          input.now,
        ],
        transaction,
      );
      const created = await lockWallet(sql, transaction, id);
      if (created === undefined) throw new Error(`wallet ${id} vanished inside its own transaction`);
      await recordWalletWake(sql, transaction, id);
      const createdEvent = await recordCustomerEvent(sql, transaction, {
        type: 'wallet.created',
        customerId: created.customerId,
        data: walletView(created),
        occurredAt: input.now,
      });
      const transactions: WalletTransactionRecord[] = [];
      const context = { now: input.now };
      if (input.paidCredits !== undefined && input.paidCredits > 0n) {
        const credits = input.paidCredits;
        transactions.push(await requireSeller(seller)(transaction, { wallet: created, credits, context }));
      }
      if (input.grantedCredits !== undefined && input.grantedCredits > 0n) {
        const current = await lockWallet(sql, transaction, id);
        if (current === undefined) throw new Error(`wallet ${id} vanished inside its own transaction`);
        transactions.push(
          await grantCredits(sql, transaction, { wallet: current, credits: input.grantedCredits, context }),
        );
      }
      const made = await lockWallet(sql, transaction, id);
      if (made === undefined) throw new Error(`wallet ${id} vanished inside its own transaction`);
      const alerts = alertStateAtCreation({
        creditsBalance: made.creditsBalance,
        balanceMinor: creditsValue(made.creditsBalance, made.rate, made.currency),
        lowBalanceThresholdCredits: made.lowBalanceThresholdCredits,
      });
      await saveAlertState(sql, transaction, { walletId: id, state: alerts, thresholdTopUps: made.thresholdTopUps });
      // Recorded before its credits' events (delivered in that order), `wallet.created` shows the wallet with them.
      await rewriteOutboxEventData(sql, transaction, { id: createdEvent, data: walletView(made) });
      return { wallet: { ...made, alerts }, transactions };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'wallets_active_customer_unique')) {
      throw walletError({ code: 'wallet_already_exists' }, input.customerId);
    }
    throw error;
  }
}
