import { requireId } from '../../../domain/ids';
import { nextIntervalFiring, type IntervalFiring } from '../../../domain/wallets';
import type { Orm } from '../../../infra/db/orm';
import type { SqlTransaction } from '../../../infra/db/sql';
import { tenantSql, tenantSqlWithin } from '../../../infra/db/tenant-sql';
import { readBillingTimeZone } from '../subscriptions';
import { findWallet, lockWallet, topUpRuleOf, type WalletRecord } from '../wallets';
import { withOngoingBalance } from './ongoing-wallets';
import { topUpWallet, type TopUpWalletSql } from './top-up-credits';

/** The wallet's INTERVAL calendar: from its creation, in its customer's billing time zone. */
async function intervalSchedule(
  sql: TopUpWalletSql,
  wallet: WalletRecord,
  transaction?: SqlTransaction,
): Promise<Parameters<typeof nextIntervalFiring>[0] | undefined> {
  const rule = topUpRuleOf(wallet.recurringTopUps, 'INTERVAL');
  if (rule?.interval === undefined || rule.interval === null) return undefined;
  const timeZone = await readBillingTimeZone(sql, requireId('customer', wallet.customerId), transaction);
  return { createdAt: wallet.createdAt, interval: rule.interval, timeZone };
}

/** The wallet as its workflow schedules it at `now`: with the INTERVAL rule's first firing after `now`, if any. */
export async function readWalletTopUpSchedule(
  sql: TopUpWalletSql,
  input: { walletId: string; now: Date },
): Promise<{ wallet: WalletRecord; nextTopUp: IntervalFiring | null } | undefined> {
  const wallet = await findWallet(sql, input.walletId);
  if (wallet === undefined) return undefined;
  const schedule = wallet.status === 'ACTIVE' ? await intervalSchedule(sql, wallet) : undefined;
  return { wallet, nextTopUp: schedule === undefined ? null : nextIntervalFiring(schedule, input.now) };
}

/** `firing` is one the rule makes as it stands (not one of a rule since changed or removed), and it is due. */
function isDueFiring(schedule: Parameters<typeof nextIntervalFiring>[0], firing: IntervalFiring, now: Date): boolean {
  const made = nextIntervalFiring(schedule, new Date(firing.at.getTime() - 1));
  return made.number === firing.number && made.at.getTime() === firing.at.getTime() && firing.at <= now;
}

/**
 * The INTERVAL timer fired for `firing`: tops the wallet up once for it (`INTERVAL:<interval>:<n>`), in one
 * transaction with the wallet locked, if the wallet is ACTIVE and its rule still makes that firing. A firing a retry or
 * a replay runs again adds nothing. Returns the wallet afterwards and the purchase invoice of its paid credits.
 */
export async function topUpOnInterval(
  orm: Orm,
  input: { tenantId: string; walletId: string; firing: IntervalFiring; now: Date },
): Promise<{ wallet: WalletRecord | undefined; invoiceId: string | null }> {
  return tenantSql(orm, input.tenantId).transactional(async (transaction) => {
    const sql = tenantSqlWithin(orm, input.tenantId, transaction);
    const wallet = await lockWallet(sql, transaction, input.walletId);
    const rule = wallet === undefined ? undefined : topUpRuleOf(wallet.recurringTopUps, 'INTERVAL');
    if (wallet?.status !== 'ACTIVE' || rule === undefined) return { wallet, invoiceId: null };
    const schedule = await intervalSchedule(sql, wallet, transaction);
    if (schedule === undefined || !isDueFiring(schedule, input.firing, input.now)) return { wallet, invoiceId: null };
    const key = `INTERVAL:${schedule.interval}:${input.firing.number}`;
    const firing = { walletId: wallet.id, key, trigger: 'INTERVAL' as const };
    const { ongoing } = await withOngoingBalance(sql, wallet);
    const topUp = {
      wallet,
      rule,
      firing,
      ongoingCredits: ongoing.ongoingCredits,
      now: input.now,
      invoice: 'now' as const,
    };
    const made = await topUpWallet(sql, transaction, topUp);
    return { wallet: await lockWallet(sql, transaction, wallet.id), invoiceId: made?.invoiceId ?? null };
  });
}
