import { Context } from '@temporalio/activity';
import type { Config } from '../../infra/config';
import type { Orm } from '../../infra/db/orm';
import { tenantSql } from '../../infra/db/tenant-sql';
import type { Logger } from '../../infra/logger';
import { wallClock } from '../../infra/wall-clock';
import type { IntervalFiring } from '../../domain/wallets';
import { checkWalletBalance, readWalletTopUpSchedule, topUpOnInterval } from '../../services/billing/prepaid-credit';
import {
  expireWalletIfDue,
  findWallet,
  listOwedCheckouts,
  markCheckoutRequested,
  type WalletRecord,
} from '../../services/billing/wallets';
import { findCustomerTestClock } from '../../services/catalog/customers';
import { ensureInvoiceCheckout } from '../../services/payments/checkout';
import { createUsageTally, type UsageTally } from '../../services/metering/aggregation';
import { AppError } from '../../services/platform/errors';
import type {
  ExpireWalletInput,
  IntervalFiringWire,
  IntervalTopUpInput,
  TopUpCheckoutInput,
  WalletCheckOutcome,
  WalletExpiry,
  WalletReadInput,
  WalletRef,
  WalletSchedule,
} from '../../workflows/wallets/wire';

export interface WalletActivityDependencies {
  orm: Orm;
  logger: Logger;
  /** The provider credentials' key, for the checkout of a paid top-up's invoice. */
  config: Pick<Config, 'encryptionKey'>;
  /**
   * The running aggregates the balance checks price the open periods from (the worker's, shared with its usage loop);
   * a set of this group's own when absent. Either way a check's amount is that of pricing every event.
   */
  usageTally?: UsageTally;
}

const firingWire = (firing: IntervalFiring): IntervalFiringWire => ({
  number: firing.number,
  at: firing.at.toISOString(),
});

const toSchedule = (wallet: WalletRecord, nextTopUp: IntervalFiring | null = null): WalletSchedule => ({
  status: wallet.status,
  customerId: wallet.customerId,
  expirationAt: wallet.expirationAt?.toISOString() ?? null,
  nextTopUp: nextTopUp === null ? null : firingWire(nextTopUp),
});

/** The Temporal access of an activity: the worker's own client and task queue. */
const workerTemporal = () => ({ client: Context.current().client, taskQueue: Context.current().info.taskQueue });

/** A checkout that cannot be made (no provider fits, the invoice paid meanwhile, the provider refused) is not retried. */
const RETRIED_CHECKOUT_FAILURES: readonly string[] = ['temporal_unavailable'];

/** The wallet workflow's I/O: each reads the wallet afresh, under its lock when it writes, and is safe to repeat. */
export function createWalletActivities({ orm, logger, config, usageTally }: WalletActivityDependencies) {
  // A check follows each top-up, alert and change: priced from scratch it would read the whole open period each time.
  const tally = usageTally ?? createUsageTally();
  /** The wallet as its workflow schedules it at `now` (the workflow's time), with its next INTERVAL firing. */
  const scheduleAt = async (ref: WalletRef, now: Date): Promise<WalletSchedule | null> => {
    const read = await readWalletTopUpSchedule(tenantSql(orm, ref.tenantId), { walletId: ref.walletId, now });
    return read === undefined ? null : toSchedule(read.wallet, read.nextTopUp);
  };
  /** What the workflow goes on with after a write: the wallet at `now`, and the checkouts still owed. */
  const outcomeAt = async (ref: WalletRef, now: Date): Promise<WalletCheckOutcome> => ({
    wallet: await scheduleAt(ref, now),
    checkouts: await listOwedCheckouts(tenantSql(orm, ref.tenantId), ref.walletId),
  });

  return {
    /** The wallet as its workflow schedules it; null when the tenant has no such wallet. */
    async readWalletSchedule(input: WalletReadInput): Promise<WalletSchedule | null> {
      const schedule = await scheduleAt(input, input.now === undefined ? wallClock.now() : new Date(input.now));
      if (schedule === null) return null;
      const clock = await findCustomerTestClock(tenantSql(orm, input.tenantId), schedule.customerId);
      if (clock === undefined) return { ...schedule, testClock: null };
      const wallet = await findWallet(tenantSql(orm, input.tenantId), input.walletId);
      return {
        ...schedule,
        testClock: {
          clockId: clock.id,
          frozenTime: clock.frozenTime.toISOString(),
          advancing: clock.status === 'ADVANCING',
        },
        ...(wallet === undefined ? {} : { createdAt: wallet.createdAt.toISOString() }),
      };
    },

    /** The expiry timer fired at `now`: terminates the wallet (EXPIRATION) if its stored expiry is due. */
    async expireWalletIfDue(input: ExpireWalletInput): Promise<WalletExpiry> {
      const outcome = await expireWalletIfDue(tenantSql(orm, input.tenantId), {
        walletId: input.walletId,
        now: new Date(input.now),
      });
      if (outcome.expired) logger.info({ ...input }, 'wallet expired');
      return { expired: outcome.expired, wallet: outcome.wallet === undefined ? null : toSchedule(outcome.wallet) };
    },

    /** Checks the ongoing balance: tells `wallet.low_balance` / `wallet.depleted` once per crossing, fires THRESHOLD. */
    async checkWalletBalance(input: WalletRef & { now: string }): Promise<WalletCheckOutcome> {
      const now = new Date(input.now);
      const check = await checkWalletBalance(orm, { ...input, now, tally });
      if (check.alerts.length > 0 || check.thresholdTopUp)
        logger.info({ ...input, ...check, wallet: undefined }, 'wallet checked');
      return outcomeAt(input, now);
    },

    /** The INTERVAL timer fired: the firing's top-up, once. */
    async topUpWalletOnInterval(input: IntervalTopUpInput): Promise<WalletCheckOutcome> {
      const now = new Date(input.now);
      const firing = { number: input.firing.number, at: new Date(input.firing.at) };
      await topUpOnInterval(orm, { tenantId: input.tenantId, walletId: input.walletId, firing, now });
      return outcomeAt(input, now);
    },

    /**
     * A paid top-up's invoice gets its checkout through the tenant's payment provider (the default provider choice of
     * POST /invoices/:id/checkout), when one fits its currency; the invoice is then owed nothing more. Temporal not
     * answering is retried; a checkout that cannot be made is logged and not asked again.
     */
    async startTopUpCheckout(input: TopUpCheckoutInput): Promise<void> {
      const sql = tenantSql(orm, input.tenantId);
      const deps = { config, clock: wallClock, orm, temporal: workerTemporal() };
      try {
        const checkout = await ensureInvoiceCheckout(deps, { tenantId: input.tenantId, invoiceId: input.invoiceId });
        if (checkout !== null) logger.info({ ...input, checkoutUrl: checkout.checkoutUrl }, 'top-up checkout started');
      } catch (error) {
        if (!(error instanceof AppError) || RETRIED_CHECKOUT_FAILURES.includes(error.code)) throw error;
        logger.warn({ err: error, ...input }, 'top-up checkout not started');
      }
      await markCheckoutRequested(sql, { walletId: input.walletId, invoiceId: input.invoiceId, now: wallClock.now() });
    },
  };
}
