import type { Clock } from '../../../domain/clock';
import type { Orm } from '../../../infra/db/orm';
import type { Logger } from '../../../infra/logger';
import { listenForWalletWakes, type WalletWakeSender } from '../wallets';
import { issueOwedTopUpInvoices } from './owed-top-up-invoices';
import type { ScheduledWallet } from './usage-check-scheduler';

/**
 * Issues the purchase invoices THRESHOLD firings owe, after their checks committed and outside the check slots, one
 * wallet at a time (they take the tenant's invoice counter in turn anyway). A failure is logged: the firing stays owed,
 * and the wallet's workflow, woken by the check, issues it.
 */
export function createInvoiceIssuer(options: {
  orm: Orm;
  logger: Logger;
  clock: Clock;
  wakeSender?: WalletWakeSender;
}): {
  issueFor: (wallet: ScheduledWallet) => void;
  idle: () => Promise<void>;
} {
  const queued = new Set<string>();
  let chain: Promise<void> = Promise.resolve();
  const issue = async (wallet: ScheduledWallet): Promise<void> => {
    queued.delete(`${wallet.tenantId}:${wallet.walletId}`);
    const run = () => issueOwedTopUpInvoices(options.orm, { ...wallet, now: options.clock.now() });
    try {
      const issued =
        options.wakeSender === undefined ? await run() : await listenForWalletWakes(options.wakeSender, run);
      if (issued.length > 0) options.logger.info({ ...wallet, invoiceIds: issued }, 'top-up invoices issued');
    } catch (error) {
      options.logger.warn({ err: error, ...wallet }, 'top-up invoice not issued; the wallet workflow issues it');
    }
  };
  return {
    issueFor: (wallet) => {
      const key = `${wallet.tenantId}:${wallet.walletId}`;
      if (queued.has(key)) return;
      queued.add(key);
      chain = chain.then(() => issue(wallet));
    },
    idle: async () => {
      let seen: Promise<void> | undefined;
      while (seen !== chain) {
        seen = chain;
        await chain;
      }
    },
  };
}
