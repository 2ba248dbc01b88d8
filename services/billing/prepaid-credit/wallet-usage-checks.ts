import type { Clock } from '../../../domain/clock';
import { nextAlertLevel, nextCheckSpacingMs, type CreditsReading } from '../../../domain/wallets';
import { subscribeToChannel, type ChannelSubscription } from '../../../infra/db/notification-channel';
import type { Orm } from '../../../infra/db/orm';
import { isUndefinedTable } from '../../../infra/db/postgres-errors';
import { tenantSql } from '../../../infra/db/tenant-sql';
import type { Logger } from '../../../infra/logger';
import { createUsageTally, type UsageTally } from '../../metering/aggregation';
import { listTenantIds } from '../../platform/tenants';
import {
  listenForWalletWakes,
  listWalletsToCheck,
  readWalletUsagePayload,
  topUpRuleOf,
  WALLET_USAGE_CHANNEL,
  type WalletWakeSender,
} from '../wallets';
import { checkWalletBalance, type BalanceCheck } from './balance-check';
import { createInvoiceIssuer } from './top-up-invoice-issuer';
import { createUsageCheckScheduler, type ScheduledWallet } from './usage-check-scheduler';

export interface WalletUsageCheckOptions {
  orm: Orm;
  logger: Logger;
  /** The time a check is made at (alerts' `occurredAt`, top-ups' dates). */
  clock: Clock;
  /**
   * Sends, right after its commit, the wake a THRESHOLD top-up owes its wallet's workflow (which starts the purchase
   * invoice's checkout); without one the worker's wake loop sends it a few seconds later.
   */
  wakeSender?: WalletWakeSender;
  /** Only these tenants' usage (tests sharing a database); every tenant's when absent. */
  tenantIds?: ReadonlySet<string>;
  /** Two checks of one wallet start at least this far apart (default 1 s). */
  minIntervalMs?: number;
  /**
   * And at most this far apart while its usage goes on (default 3 s): a wallet whose last two checks show it far from
   * its next threshold waits longer than `minIntervalMs` (`nextCheckSpacingMs`).
   */
  maxIntervalMs?: number;
  /** Checks running at once (default 4): each holds a pooled connection while it runs. */
  concurrency?: number;
  /** The wait before LISTENing again after the connection broke or could not be opened (default 1 s). */
  resubscribeDelayMs?: number;
  /**
   * The running aggregates the checks price from: the worker passes the ones its wallet workflows' checks share, so
   * that a check woken by a top-up or an alert prices only the events since this loop's last floor. A new set when
   * absent.
   */
  tally?: UsageTally;
}

export interface WalletUsageChecks {
  /** Resolves once LISTEN is in place and the start-up sweep has noted what it found. */
  ready: Promise<void>;
  /** Resolves once every notification received so far has been looked up and its checks have finished. */
  idle: () => Promise<void>;
  /** Unlistens, drops what is not started, and waits for the running checks. */
  stop: () => Promise<void>;
  /** How the checks' usage reads were answered (`UsageTally.counts`), for benchmarks and logs. */
  readonly usageReads: UsageTally['counts'];
}

/**
 * The worker's balance checks on recorded usage. Ingestion's requests each send one `wallet_usage` NOTIFY on commit
 * (`walletUsageNotifier`); this loop LISTENs on a connection of its own, gathers the customers notified while it was
 * busy, reads which of their ACTIVE wallets still have something to say (one statement per tenant and pass), and
 * checks each with `checkWalletBalance` (alerts and THRESHOLD top-ups, once per crossing, keyed), at once or at most
 * once a second per wallet (`createUsageCheckScheduler`), and only every few seconds while the last two checks show
 * it far from its next threshold (`nextCheckSpacingMs`). Checks price the open periods from running aggregates kept
 * here (`createUsageTally`): each reads only the events ingested since the last check's floor, to the same amount as
 * pricing every event. A notification sent while nobody listened is lost, so the
 * loop sweeps every wallet with something to say when it starts and each time it LISTENs again after a broken
 * connection. Several workers may run it: a check holds the wallet's lock and changes nothing when repeated.
 */
export function startWalletUsageChecks(options: WalletUsageCheckOptions): WalletUsageChecks {
  const { orm, logger } = options;
  const readings = new Map<string, CreditsReading>();
  // The same open periods are priced again every second or so: each check adds only the events since the last.
  const tally = options.tally ?? createUsageTally();
  const invoices = createInvoiceIssuer(options);
  const scheduler = createUsageCheckScheduler({
    check: async (wallet) => {
      const check = await checkWallet(options, wallet, tally);
      if (check?.invoiceOwed === true) invoices.issueFor(wallet);
      return spacingAfter(options, readings, wallet, check);
    },
    minIntervalMs: options.minIntervalMs ?? 1_000,
    concurrency: options.concurrency ?? 4,
  });
  let stopped = false;
  let subscription: ChannelSubscription | undefined;
  let retry: NodeJS.Timeout | undefined;
  let notified = new Map<string, Set<string>>();
  let sweepDue = false;
  let pass: Promise<void> | undefined;

  const kick = (): void => {
    if (stopped || pass !== undefined) return;
    pass = lookUp()
      .catch(logAndGiveUp(logger))
      .finally(() => {
        pass = undefined;
        if (sweepDue || notified.size > 0) kick();
      });
  };

  const lookUp = async (): Promise<void> => {
    const sweep = sweepDue;
    const customers = notified;
    sweepDue = false;
    notified = new Map();
    const tenants = sweep ? await sweptTenants(options).catch(logAndGiveUp(logger)) : [...customers.keys()];
    for (const tenantId of tenants ?? []) {
      const customerIds = sweep ? undefined : [...(customers.get(tenantId) ?? [])];
      for (const wallet of await walletsToCheck(options, tenantId, customerIds)) scheduler.note(wallet);
    }
  };

  const subscribe = async (): Promise<void> => {
    if (stopped) return;
    try {
      subscription = await subscribeToChannel({
        orm,
        channel: WALLET_USAGE_CHANNEL,
        onPayload: (payload) => {
          const notice = readWalletUsagePayload(payload);
          if (notice === undefined || !(options.tenantIds?.has(notice.tenantId) ?? true)) return;
          const customers = notified.get(notice.tenantId) ?? new Set<string>();
          for (const customerId of notice.customerIds) customers.add(customerId);
          notified.set(notice.tenantId, customers);
          kick();
        },
        onError: (error) => {
          logger.warn({ err: error }, 'wallet usage LISTEN connection lost; listening again');
          subscription = undefined;
          resubscribeLater();
        },
      });
    } catch (error) {
      logger.warn({ err: error }, 'wallet usage LISTEN failed; trying again');
      resubscribeLater();
      return;
    }
    // Whatever was committed before LISTEN took effect is found by the sweep; anything after, by a notification.
    sweepDue = true;
    kick();
  };

  const resubscribeLater = (): void => {
    if (stopped) return;
    retry = setTimeout(
      () => void subscribe().then(undefined, logAndGiveUp(logger)),
      options.resubscribeDelayMs ?? 1_000,
    );
  };

  const ready = subscribe().then(async () => {
    while (pass !== undefined) await pass;
  });

  return {
    ready,
    usageReads: tally.counts,
    idle: async () => {
      await ready;
      while (pass !== undefined || notified.size > 0) {
        kick();
        await pass;
      }
      await scheduler.idle();
      await invoices.idle();
    },
    stop: async () => {
      stopped = true;
      clearTimeout(retry);
      await pass;
      await subscription?.close();
      subscription = undefined;
      await scheduler.stop();
      await invoices.idle();
    },
  };
}

/** The tenants a sweep covers: `tenantIds`, or every tenant. */
async function sweptTenants(options: WalletUsageCheckOptions): Promise<string[]> {
  return options.tenantIds === undefined ? listTenantIds(options.orm) : [...options.tenantIds];
}

async function walletsToCheck(
  options: WalletUsageCheckOptions,
  tenantId: string,
  customerIds: string[] | undefined,
): Promise<ScheduledWallet[]> {
  try {
    const sql = tenantSql(options.orm, tenantId);
    const wallets = await listWalletsToCheck(sql, customerIds === undefined ? {} : { customerIds });
    return wallets.map((wallet) => ({ tenantId, walletId: wallet.walletId }));
  } catch (error) {
    // A tenant whose schema is gone (or not made yet) has no wallet to check.
    if (!isUndefinedTable(error)) options.logger.warn({ err: error, tenantId }, 'wallets to check not read');
    return [];
  }
}

/** Readings older than this say nothing of the pace of usage: they are dropped. */
const READING_TTL_MS = 30_000;

/** How long after this check the next one may wait, from the pace between it and the last one. */
function spacingAfter(
  options: WalletUsageCheckOptions,
  readings: Map<string, CreditsReading>,
  wallet: ScheduledWallet,
  check: BalanceCheck | undefined,
): number | undefined {
  const key = `${wallet.tenantId}:${wallet.walletId}`;
  const previous = readings.get(key);
  const checked = check?.wallet;
  if (check?.ongoing === undefined || checked === undefined) {
    readings.delete(key);
    return undefined;
  }
  const current = { atMs: options.clock.now().getTime(), ongoingCredits: check.ongoing.ongoingCredits };
  for (const [other, reading] of readings) if (current.atMs - reading.atMs > READING_TTL_MS) readings.delete(other);
  readings.set(key, current);
  const level = nextAlertLevel({
    state: checked.alerts,
    lowBalanceThresholdCredits: checked.lowBalanceThresholdCredits,
    topUpThresholdCredits: topUpRuleOf(checked.recurringTopUps, 'THRESHOLD')?.thresholdCredits ?? null,
  });
  const minMs = options.minIntervalMs ?? 1_000;
  const maxMs = Math.max(minMs, options.maxIntervalMs ?? 3_000);
  return nextCheckSpacingMs({ previous, current, level, minMs, maxMs });
}

/** One check, under the wake sender so that a top-up's wake goes right after its commit. */
async function checkWallet(
  options: WalletUsageCheckOptions,
  wallet: ScheduledWallet,
  tally: UsageTally,
): Promise<BalanceCheck | undefined> {
  const run = () =>
    checkWalletBalance(options.orm, { ...wallet, now: options.clock.now(), tally, owedInvoices: 'leave' });
  try {
    const check = options.wakeSender === undefined ? await run() : await listenForWalletWakes(options.wakeSender, run);
    const told = { ...wallet, alerts: check.alerts, thresholdTopUp: check.thresholdTopUp };
    if (check.alerts.length > 0 || check.thresholdTopUp) options.logger.info(told, 'wallet checked');
    else options.logger.debug(told, 'wallet checked');
    return check;
  } catch (error) {
    options.logger.warn({ err: error, ...wallet }, 'wallet usage check failed; its next usage or change checks it');
    return undefined;
  }
}

const logAndGiveUp =
  (logger: Logger) =>
  (error: unknown): undefined => {
    logger.warn({ err: error }, 'wallet usage check pass failed');
    return undefined;
  };
