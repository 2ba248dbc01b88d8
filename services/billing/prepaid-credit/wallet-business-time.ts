import type { Clock } from '../../../domain/clock';
import { customerRequestClock, type CustomerClockSql } from '../../catalog/customers';
import { findWallet } from '../wallets';

export type WalletTimeSql = CustomerClockSql & Parameters<typeof findWallet>[0];

/**
 * A wallet request happens at its customer's business time (the test clock's time for a customer on one, `base`
 * otherwise): expiries are judged and transactions stamped at it, so a tester's wallet lives on the clock's time.
 * Refused (409 `test_clock_advancing`) while that clock advances.
 */
export async function customerTime(sql: WalletTimeSql, customerId: string, base: Clock): Promise<Date> {
  return (await customerRequestClock(sql, customerId, base)).now();
}

/** The business time of the wallet's customer; `base` for an unknown wallet (the request then answers its 404). */
export async function walletTime(sql: WalletTimeSql, walletId: string, base: Clock): Promise<Date> {
  const wallet = await findWallet(sql, walletId);
  return wallet === undefined ? base.now() : customerTime(sql, wallet.customerId, base);
}
