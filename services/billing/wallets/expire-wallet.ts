import { terminateLockedWallet } from './terminate-wallet';
import type { WalletRecord, WalletSql } from './wallet-records';
import { lockWallet } from './wallet-store';

export interface WalletExpiryOutcome {
  /** True when the expiry at `now` terminated the wallet: this call, or an earlier attempt of it. */
  expired: boolean;
  /** The wallet afterwards; undefined when it does not exist. */
  wallet: WalletRecord | undefined;
}

/** An ACTIVE wallet whose stored expiry is at or before `now`. */
function isExpiryDue(wallet: WalletRecord, now: Date): boolean {
  return wallet.status === 'ACTIVE' && wallet.expirationAt !== null && wallet.expirationAt.getTime() <= now.getTime();
}

/** A TERMINATED wallet stamped with exactly `now`: an earlier attempt of this expiry (a retry carries its `now`). */
function isExpiredAt(wallet: WalletRecord, now: Date): boolean {
  return wallet.status === 'TERMINATED' && wallet.terminatedAt?.getTime() === now.getTime();
}

/**
 * The expiry timer fired at `now`: voids the rest (source EXPIRATION) and TERMINATES the wallet, if its expiry as
 * stored is due. Checked under the wallet's lock, so an expiry that PATCH moved later (its signal not yet delivered)
 * or cleared is left alone, and a retried call, finding the wallet TERMINATED, changes nothing.
 */
export async function expireWalletIfDue(
  sql: WalletSql,
  input: { walletId: string; now: Date },
): Promise<WalletExpiryOutcome> {
  return sql.transactional(async (transaction) => {
    const wallet = await lockWallet(sql, transaction, input.walletId);
    if (wallet === undefined || !isExpiryDue(wallet, input.now)) {
      return { expired: wallet !== undefined && isExpiredAt(wallet, input.now), wallet };
    }
    const terminate = { walletId: wallet.id, cause: 'EXPIRATION' as const, now: input.now };
    return { expired: true, wallet: await terminateLockedWallet(sql, transaction, terminate) };
  });
}
