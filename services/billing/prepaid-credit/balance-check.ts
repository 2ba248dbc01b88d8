import {
  creditsValue,
  evaluateWalletAlerts,
  ongoingBalance,
  type AlertReading,
  type OngoingBalance,
  type WalletAlert,
} from '../../../domain/wallets';
import type { Orm } from '../../../infra/db/orm';
import type { UsageTally } from '../../metering/aggregation';
import type { SqlTransaction } from '../../../infra/db/sql';
import { tenantSql, tenantSqlWithin } from '../../../infra/db/tenant-sql';
import {
  findWallet,
  hasPendingThresholdPurchase,
  lockWallet,
  oweBalanceCheck,
  owesThresholdPurchase,
  readBalanceDip,
  recordWalletAlert,
  saveAlertState,
  saveCheckedBalance,
  topUpRuleOf,
  type WalletRecord,
} from '../wallets';
import { withOngoingBalance } from './ongoing-wallets';
import { issueOwedTopUpInvoices } from './owed-top-up-invoices';
import { topUpWallet, type TopUpWalletSql } from './top-up-credits';

/** What a check did: the alerts it recorded, and whether the THRESHOLD rule fired. */
export interface BalanceCheck {
  /** The wallet after the check; undefined when there is no such wallet. */
  wallet: WalletRecord | undefined;
  alerts: WalletAlert[];
  thresholdTopUp: boolean;
  /** The THRESHOLD firing's purchase invoice is owed: `issueOwedTopUpInvoices` issues it once this check committed. */
  invoiceOwed: boolean;
  /** The ongoing balance the check decided on; undefined when it checked nothing (no such wallet, or TERMINATED). */
  ongoing?: OngoingBalance;
}

/**
 * Checks a wallet's ongoing balance against its thresholds, in one transaction holding the wallet's lock: the usage is
 * priced inside it (so an invoice's finalize, which takes the same lock, is counted either in the balance or in the
 * usage, never in both or neither), `evaluateWalletAlerts` decides, and what it decides is recorded with the state
 * that remembers it: `wallet.low_balance` / `wallet.depleted` in the outbox, the THRESHOLD top-up under its firing key
 * (granted credits at once; paid credits recorded on the firing, their numbered purchase invoice issued after the
 * commit by `issueOwedTopUpInvoices`, so that no check waits on the tenant's invoice counter).
 * A retry after a commit finds the state saying it was told and changes nothing; a TERMINATED wallet is left alone.
 */
export async function checkWalletBalance(
  orm: Orm,
  input: {
    tenantId: string;
    walletId: string;
    now: Date;
    tally?: UsageTally;
    /**
     * 'issue' (the default): a THRESHOLD firing's purchase invoice is issued right after the check commits, before
     * this resolves. 'leave': the caller issues it (`issueOwedTopUpInvoices`), as the worker's usage loop does in the
     * background so that its check slots never wait on the invoice counter.
     */
    owedInvoices?: 'issue' | 'leave';
  },
): Promise<BalanceCheck> {
  const check = await tenantSql(orm, input.tenantId).transactional(async (transaction) => {
    const sql = tenantSqlWithin(orm, input.tenantId, transaction);
    const wallet = await lockWallet(sql, transaction, input.walletId);
    if (wallet === undefined || wallet.status !== 'ACTIVE') {
      // An ended wallet's owed firing is dropped by the issuer: it sells nothing.
      const owed = wallet !== undefined && (await owesThresholdPurchase(sql, transaction, wallet.id));
      return { wallet, alerts: [], thresholdTopUp: false, invoiceOwed: owed };
    }
    return checkLockedWallet(sql, transaction, { wallet, now: input.now, tally: input.tally });
  });
  if (!check.invoiceOwed || input.owedInvoices === 'leave') return check;
  await issueOwedTopUpInvoices(orm, input);
  return { ...check, wallet: await findWallet(tenantSql(orm, input.tenantId), input.walletId), invoiceOwed: false };
}

async function checkLockedWallet(
  sql: TopUpWalletSql,
  transaction: SqlTransaction,
  input: { wallet: WalletRecord; now: Date; tally: UsageTally | undefined },
): Promise<BalanceCheck> {
  const { wallet, now } = input;
  const { ongoing } = await withOngoingBalance(sql, wallet, input.tally === undefined ? {} : { tally: input.tally });
  const rule = topUpRuleOf(wallet.recurringTopUps, 'THRESHOLD');
  // A firing recorded before whose invoice nobody issued yet (its issuer crashed, or is about to) is owed still.
  const owed = await owesThresholdPurchase(sql, transaction, wallet.id);
  const reading: AlertReading = {
    ongoingCredits: ongoing.ongoingCredits,
    ongoingBalanceMinor: ongoing.ongoingBalanceMinor,
    lowBalanceThresholdCredits: wallet.lowBalanceThresholdCredits,
    topUpThresholdCredits: rule?.thresholdCredits ?? null,
    topUpPending: owed || (rule !== undefined && (await hasPendingThresholdPurchase(sql, transaction, wallet.id))),
  };
  const usageMinor = creditsValue(wallet.creditsBalance, wallet.rate, wallet.currency) - ongoing.ongoingBalanceMinor;
  const lowest = await lowestSinceLastCheck(sql, transaction, { wallet, usageMinor });
  const decision = evaluateWalletAlerts(wallet.alerts, lowest === undefined ? reading : { ...reading, lowest });
  await saveCheckedBalance(sql, transaction, { walletId: wallet.id, usageMinor });
  for (const alert of decision.alerts) await recordWalletAlert(sql, transaction, { wallet, alert, ongoing, now });
  let thresholdTopUps = wallet.thresholdTopUps;
  let invoiceOwed = owed;
  if (decision.fireThresholdTopUp && rule !== undefined) {
    thresholdTopUps += 1;
    const firing = { walletId: wallet.id, key: `THRESHOLD:${thresholdTopUps}`, trigger: 'THRESHOLD' as const };
    const made = await topUpWallet(sql, transaction, {
      wallet,
      rule,
      firing,
      ongoingCredits: ongoing.ongoingCredits,
      now,
      invoice: 'later',
    });
    // The workflow, woken, issues the invoice if nobody did yet and starts its checkout: nothing is lost to a crash.
    if (made?.invoiceOwed === true) {
      invoiceOwed = true;
      await oweBalanceCheck(sql, transaction, wallet);
    }
  }
  const unchanged =
    thresholdTopUps === wallet.thresholdTopUps &&
    (Object.keys(decision.next) as (keyof typeof decision.next)[]).every(
      (key) => decision.next[key] === wallet.alerts[key],
    );
  if (!unchanged)
    await saveAlertState(sql, transaction, { walletId: wallet.id, state: decision.next, thresholdTopUps });
  const checked = await lockWallet(sql, transaction, wallet.id);
  const thresholdTopUp = thresholdTopUps !== wallet.thresholdTopUps;
  return { wallet: checked, alerts: decision.alerts, thresholdTopUp, invoiceOwed, ongoing };
}

/**
 * The ongoing balance at the lowest the balance fell to since the last check, against the usage that check counted
 * (usage only grows within a period, so this never shows a fall deeper than there was), or this check's own when an
 * invoice has consumed credits since (it took usage with it); undefined when the balance has not fallen since.
 */
async function lowestSinceLastCheck(
  sql: TopUpWalletSql,
  transaction: SqlTransaction,
  input: { wallet: WalletRecord; usageMinor: bigint },
): Promise<OngoingBalance | undefined> {
  const { wallet } = input;
  const dip = await readBalanceDip(sql, transaction, wallet.id);
  if (dip.lowestCredits === undefined) return undefined;
  const usageMinor = dip.checkedUsageMinor ?? input.usageMinor;
  return ongoingBalance(
    { creditsBalance: dip.lowestCredits, rate: wallet.rate, currency: wallet.currency },
    usageMinor,
  );
}
