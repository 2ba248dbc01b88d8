import type { SqlTransaction } from '../../../infra/db/sql';
import type { PaymentGateway } from '../gateways';
import { REFUND_COLUMNS, toRefundRecord, type RefundRecord, type RefundRow, type RefundSql } from './refund-records';

/**
 * The refund an earlier run of the same idempotent request made (`requestKey`, see the API's `HandlerInput`): that run
 * reserved it and its process died before answering. Undefined without a request key or without such a refund.
 */
export async function findRefundOfRequest(
  sql: RefundSql,
  requestKey: string | undefined,
  transaction?: SqlTransaction,
): Promise<RefundRecord | undefined> {
  if (requestKey === undefined) return undefined;
  const row = await sql.one<RefundRow>(
    `select ${REFUND_COLUMNS} from ${sql.table('refunds')} where request_key = ?`,
    [requestKey],
    transaction,
  );
  return row === undefined ? undefined : toRefundRecord(row);
}

/** What `reserveRefund` gives back when an earlier run already reserved the request's refund. */
export interface EarlierRunRefund {
  earlierRun: RefundRecord;
}

export const isEarlierRunRefund = (reserved: RefundRecord | EarlierRunRefund): reserved is EarlierRunRefund =>
  'earlierRun' in reserved;

/**
 * Whether a PENDING refund of an earlier run may be asked of the provider again. Only where the provider answers a
 * repeated call with the refund it already made (Stripe: our refund id is the call's idempotency key); elsewhere the
 * first call may have gone out, and a second one could refund twice, so the refund waits for the provider's
 * notification as it stands.
 */
export const mayAskProviderAgain = (gateway: PaymentGateway): boolean => gateway.refundCallsIdempotent === true;
