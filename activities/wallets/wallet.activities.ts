import type { Orm } from '../../infra/db/orm';
import { tenantSql } from '../../infra/db/tenant-sql';
import type { Logger } from '../../infra/logger';
import { expireWalletIfDue, findWallet, type WalletRecord } from '../../services/billing/wallets';
import type { ExpireWalletInput, WalletExpiry, WalletRef, WalletSchedule } from '../../workflows/wallets/wire';

export interface WalletActivityDependencies {
  orm: Orm;
  logger: Logger;
}

const toSchedule = (wallet: WalletRecord): WalletSchedule => ({
  status: wallet.status,
  customerId: wallet.customerId,
  expirationAt: wallet.expirationAt?.toISOString() ?? null,
});

/** The wallet workflow's I/O: each reads the wallet afresh, under its lock when it writes, and is safe to repeat. */
export function createWalletActivities({ orm, logger }: WalletActivityDependencies) {
  return {
    /** The wallet as its workflow schedules it; null when the tenant has no such wallet. */
    async readWalletSchedule(ref: WalletRef): Promise<WalletSchedule | null> {
      const wallet = await findWallet(tenantSql(orm, ref.tenantId), ref.walletId);
      return wallet === undefined ? null : toSchedule(wallet);
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
  };
}
