import { startPeriodicPass, type PeriodicPass } from '../../../infra/process/periodic-pass';
import type { Orm } from '../../../infra/db/orm';
import { isUndefinedTable } from '../../../infra/db/postgres-errors';
import { sqlOf } from '../../../infra/db/sql';
import { tenantSql } from '../../../infra/db/tenant-sql';
import type { Logger } from '../../../infra/logger';
import { clearPendingWake, listPendingWakes, readPendingWake, type PendingWake } from './pending-wakes';
import { sendWalletWake, type WakeOutcome, type WalletWorkflowWaker } from './wallet-wake';

export interface WalletWakeOptions {
  orm: Orm;
  wake: WalletWorkflowWaker;
  logger: Logger;
  /** Rows younger than this are left to the request that recorded them (it wakes right after commit). */
  olderThanMs: number;
  /** Only this tenant's wallets (tests sharing a database); every tenant's when absent. */
  tenantId?: string;
}

export interface WalletWakeReport {
  woken: string[];
  failed: string[];
  /** Rows with nothing to wake: the wallet, or its tenant's schema, is gone. */
  forgotten: string[];
}

/**
 * Sends every wake still owed (`central.pending_wallet_wakes`), oldest first: the starts, moved expiries and
 * terminations whose request could not reach Temporal or died before it did, and the wallets that were ACTIVE before
 * their workflow existed. A row leaves only once its signal was taken. The first failure ends the pass (Temporal is
 * likely unreachable); the next pass carries on.
 */
export async function sendPendingWalletWakes(options: WalletWakeOptions): Promise<WalletWakeReport> {
  const report: WalletWakeReport = { woken: [], failed: [], forgotten: [] };
  const only = options.tenantId === undefined ? {} : { tenantId: options.tenantId };
  for (const pending of await listPendingWakes(sqlOf(options.orm), { olderThanMs: options.olderThanMs, ...only })) {
    try {
      const outcome = await wakeOne(options, pending);
      if (outcome !== 'nothing_owed') report[outcome].push(pending.walletId);
    } catch (error) {
      options.logger.warn({ err: error, ...pending }, 'wallet workflow wake failed; the next pass retries it');
      report.failed.push(pending.walletId);
      break;
    }
  }
  return report;
}

async function wakeOne(options: WalletWakeOptions, pending: PendingWake): Promise<WakeOutcome> {
  const sql = tenantSql(options.orm, pending.tenantId);
  try {
    return await sendWalletWake({ sql, wake: options.wake }, pending.walletId);
  } catch (error) {
    if (!isUndefinedTable(error)) throw error;
    // The tenant's schema is gone (its row's delete cascades the entry; this covers a schema dropped by hand).
    const version = await readPendingWake(sql, pending);
    if (version !== undefined) await clearPendingWake(sql, { ...pending, version });
    return 'forgotten';
  }
}

export type WalletWakeLoop = PeriodicPass;

/** Runs a pass every `intervalMs` (a pass never overlaps the next) until stopped; the worker process runs it. */
export function startWalletWakeLoop(options: WalletWakeOptions & { intervalMs: number }): WalletWakeLoop {
  return startPeriodicPass({
    intervalMs: options.intervalMs,
    pass: async () => {
      const report = await sendPendingWalletWakes(options);
      if (report.woken.length + report.forgotten.length > 0) options.logger.info(report, 'woke wallet workflows');
    },
    onError: (error) => {
      options.logger.warn({ err: error }, 'wallet wake pass failed');
    },
  });
}
