import { listPaymentEventsOf, type PaymentEventRecord } from '../notifications';
import { listRefundsOfPayments, type RefundRecord, type RefundSql } from './refund-records';

/**
 * What a payment lists beside its own row (CONTRACT §11): its refunds and the provider notifications received. Kept
 * here rather than with the payment rows in records: it reads refunds, and refunds depend on records.
 */
export interface PaymentDetails {
  refunds: RefundRecord[];
  events: PaymentEventRecord[];
}

/**
 * The refunds and notifications of a page of payments: two statements for the whole page, whatever its size, never
 * one per payment. Every id asked for has an entry (empty lists when there is nothing).
 */
export async function readPaymentDetails(
  sql: RefundSql,
  paymentIds: readonly string[],
  now: Date,
): Promise<Map<string, PaymentDetails>> {
  const [refunds, events] = await Promise.all([
    listRefundsOfPayments(sql, paymentIds),
    listPaymentEventsOf(sql, paymentIds, now),
  ]);
  return new Map(
    paymentIds.map((id) => [id, { refunds: refunds.get(id) ?? [], events: events.get(id) ?? [] }] as const),
  );
}
