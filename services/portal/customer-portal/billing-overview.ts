import { toCurrencyCode, type CurrencyCode } from '../../../domain/money';
import type { TenantSql } from '../../../infra/db/tenant-sql';
import type { CustomerRecord } from '../../catalog/customers';
import { listOngoingWallets, type OngoingWallet } from '../../billing/prepaid-credit';
import { listSubscriptions, type SubscriptionRecord } from '../../billing/subscriptions';

export interface Outstanding {
  currency: CurrencyCode;
  amountDueMinor: bigint;
}

/** `GET /portal/customers/:externalId/billing` (CONTRACT §14): what the customer has running, owes and holds. */
export interface BillingOverview {
  customer: CustomerRecord;
  /** Live: every status but CANCELED, newest first. */
  subscriptions: SubscriptionRecord[];
  outstanding: Outstanding[];
  wallet: OngoingWallet | undefined;
  nextInvoiceAt: Date | undefined;
}

// A customer has a handful of subscriptions (a test clock's allows 3); the overview shows them all on one page.
const LIVE_SUBSCRIPTIONS_SHOWN = { limit: 100, offset: 0 };

export async function readBillingOverview(sql: TenantSql, customer: CustomerRecord): Promise<BillingOverview> {
  const [live, outstanding, wallets] = await Promise.all([
    listSubscriptions(sql, { customerId: customer.id, excludeStatus: 'CANCELED' }, LIVE_SUBSCRIPTIONS_SHOWN),
    readOutstanding(sql, customer.id),
    listOngoingWallets(sql, { customerId: customer.id, status: 'ACTIVE', limit: 1, offset: 0 }),
  ]);
  return {
    customer,
    subscriptions: live.records,
    outstanding,
    wallet: wallets.records[0],
    nextInvoiceAt: earliestPeriodEnd(live.records),
  };
}

/**
 * The amount due of the customer's OPEN and UNCOLLECTIBLE invoices, per currency (never summed across currencies),
 * in currency order. A read model of the portal area: one statement over the invoices table.
 */
async function readOutstanding(sql: TenantSql, customerId: string): Promise<Outstanding[]> {
  const rows = await sql.query<{ currency: string; amount_due: string }>(
    `select currency, sum(amount_due_minor)::text as amount_due from ${sql.table('invoices')}
      where customer_id = ? and status in ('OPEN', 'UNCOLLECTIBLE')
      group by currency order by currency`,
    [customerId],
  );
  return rows.map((row) => ({ currency: toCurrencyCode(row.currency), amountDueMinor: BigInt(row.amount_due) }));
}

/**
 * The earliest current period end of the subscriptions that will invoice at it: a PAUSED one keeps the period it
 * was paused in, and nothing is invoiced at its end.
 */
function earliestPeriodEnd(subscriptions: readonly SubscriptionRecord[]): Date | undefined {
  const ends = subscriptions.flatMap((subscription) =>
    subscription.currentPeriodEnd === null || subscription.status === 'PAUSED'
      ? []
      : [subscription.currentPeriodEnd.getTime()],
  );
  return ends.length === 0 ? undefined : new Date(Math.min(...ends));
}
