import { afterCommit } from '../../../infra/db/commit-tasks';
import type { UsageRecordedListener } from '../../metering/ingestion';
import type { WalletUsageSignaller } from './usage-signaller';

/**
 * The ACTIVE wallets of `customerIds` that new usage could make tell something: usage only lowers the ongoing
 * balance, so a wallet already told `wallet.depleted`, already told `wallet.low_balance` (or without a threshold) and
 * whose THRESHOLD rule already fired this fall (or that has none) has nothing left to say until a change raises its
 * balance, and such a change checks it anyway. One statement per request, on the index of ACTIVE wallets by customer.
 */
const WALLETS_TO_CHECK = `
  select id, customer_id from %wallets%
   where customer_id in (select jsonb_array_elements_text(?::jsonb)) and status = 'ACTIVE'
     and (not depleted_alerted
          or (low_balance_threshold_credits is not null and not low_balance_alerted)
          or (not threshold_top_up_fired and recurring_top_ups @> '[{"trigger": "THRESHOLD"}]'))`;

/**
 * Billing's side of ingestion's "usage recorded": the wallets that need a check are read in the request's transaction,
 * and once it commits `signaller` tells their workflows, which debounce and check the ongoing balance. Nothing waits
 * for Temporal before the answer.
 */
export function walletUsageListener(signaller: WalletUsageSignaller): UsageRecordedListener {
  return async (sql, { customerIds, transaction }) => {
    const rows = await sql.query<{ id: string; customer_id: string }>(
      WALLETS_TO_CHECK.replace('%wallets%', sql.table('wallets')),
      [JSON.stringify(customerIds)],
      transaction,
    );
    if (rows.length === 0) return;
    const wallets = rows.map((row) => ({ tenantId: sql.tenantId, walletId: row.id, customerId: row.customer_id }));
    await afterCommit(transaction, () => {
      signaller.note(wallets);
      return Promise.resolve();
    });
  };
}
