import type { UsageRecordedListener } from '../../metering/ingestion';

/**
 * The NOTIFY channel of "usage recorded": the payload is `<tenantId>:<customer ids as a JSON array>`. The worker's
 * usage checks LISTEN on it (services/billing/prepaid-credit, `startWalletUsageChecks`).
 */
export const WALLET_USAGE_CHANNEL = 'wallet_usage';

/** PostgreSQL refuses a payload of 8,000 bytes or more; ids are ASCII, so characters are bytes. */
const MAX_PAYLOAD_LENGTH = 7_900;

/** The customers whose usage a tenant's request recorded, as a notification tells them. */
export interface UsageNotice {
  tenantId: string;
  customerIds: string[];
}

/** The payloads that tell `customerIds`: one, or several when the ids would not fit in one. */
export function walletUsagePayloads(notice: UsageNotice): string[] {
  const payloads: string[] = [];
  let chunk: string[] = [];
  let length = notice.tenantId.length + 3;
  for (const customerId of notice.customerIds) {
    const added = customerId.length + 3;
    if (chunk.length > 0 && length + added > MAX_PAYLOAD_LENGTH) {
      payloads.push(`${notice.tenantId}:${JSON.stringify(chunk)}`);
      chunk = [];
      length = notice.tenantId.length + 3;
    }
    chunk.push(customerId);
    length += added;
  }
  if (chunk.length > 0) payloads.push(`${notice.tenantId}:${JSON.stringify(chunk)}`);
  return payloads;
}

/** What a payload tells; undefined for one this code did not write (it is ignored). */
export function readWalletUsagePayload(payload: string): UsageNotice | undefined {
  const colon = payload.indexOf(':');
  if (colon <= 0) return undefined;
  try {
    const customerIds: unknown = JSON.parse(payload.slice(colon + 1));
    if (!Array.isArray(customerIds) || !customerIds.every((id) => typeof id === 'string')) return undefined;
    return { tenantId: payload.slice(0, colon), customerIds };
  } catch {
    return undefined;
  }
}

/**
 * Billing's side of ingestion's "usage recorded": one `pg_notify` per request, in the request's transaction, so that
 * PostgreSQL delivers it only if the events commit, and the request pays one short statement whatever the number of
 * events or wallets: no wallet is read and no workflow is told on the request path. The worker's usage checks take
 * it from there (which of these customers have a wallet with something left to say, a check at most once a second
 * per wallet).
 */
export function walletUsageNotifier(): UsageRecordedListener {
  return async (sql, { customerIds, transaction }) => {
    const payloads = walletUsagePayloads({ tenantId: sql.tenantId, customerIds: [...customerIds] });
    await sql.query(
      'select pg_notify(?, payload) from jsonb_array_elements_text(?::jsonb) as payload',
      [WALLET_USAGE_CHANNEL, JSON.stringify(payloads)],
      transaction,
    );
  };
}
