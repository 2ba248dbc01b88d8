import type { WalletSql } from './wallet-records';

/** An ACTIVE wallet that new usage could make say something. */
export interface WalletToCheck {
  walletId: string;
  customerId: string;
}

/**
 * The ACTIVE wallets (of `customerIds`, or of every customer) that new usage could make tell something: usage only
 * lowers the ongoing balance, so a wallet already told `wallet.depleted`, already told `wallet.low_balance` (or
 * without a threshold) and whose THRESHOLD rule already fired this fall (or that has none) has nothing left to say
 * until a change raises its balance, and such a change checks it anyway. On the index of ACTIVE wallets by customer.
 */
export async function listWalletsToCheck(
  sql: WalletSql,
  filter: { customerIds?: readonly string[] } = {},
): Promise<WalletToCheck[]> {
  const customers =
    filter.customerIds === undefined ? '' : 'customer_id in (select jsonb_array_elements_text(?::jsonb)) and';
  const rows = await sql.query<{ id: string; customer_id: string }>(
    `select id, customer_id from ${sql.table('wallets')}
      where ${customers} status = 'ACTIVE'
        and (not depleted_alerted
             or (low_balance_threshold_credits is not null and not low_balance_alerted)
             or (not threshold_top_up_fired and recurring_top_ups @> '[{"trigger": "THRESHOLD"}]'))`,
    filter.customerIds === undefined ? [] : [JSON.stringify(filter.customerIds)],
  );
  return rows.map((row) => ({ walletId: row.id, customerId: row.customer_id }));
}
