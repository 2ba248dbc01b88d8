import { randomBytes } from 'node:crypto';
import type { ProviderNotification } from './fake-provider';

/** An STK push the fake Daraja accepted, and the payer's answer once there is one. */
export interface StkPush {
  reference: string;
  merchantRequestId: string;
  checkoutRequestId: string;
  amount: number;
  phone: string;
  callbackUrl: string;
  result: { code: number; desc: string; receipt: string | null } | null;
}

/** A reversal request the fake Daraja accepted; its outcome is decided when the result is posted. */
export interface Reversal {
  refundId: string;
  transactionId: string;
  amount: number;
  resultUrl: string;
  initiatorValid: boolean;
  originatorConversationId: string;
  conversationId: string;
}

/** M-Pesa receipt numbers: 10 upper-case letters and digits (NLJ7RT61SV). */
export const receiptNumber = (): string =>
  Array.from(randomBytes(10), (byte) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'[byte % 36]).join('');

/** The STK result as Daraja posts it: CallbackMetadata only on success (Amount, receipt, date, phone). */
export function stkCallback(push: StkPush): ProviderNotification {
  const result = push.result;
  if (result === null) throw new Error(`The payer has not answered the prompt for ${push.reference} yet`);
  const metadata =
    result.code === 0
      ? {
          CallbackMetadata: {
            Item: [
              { Name: 'Amount', Value: push.amount },
              { Name: 'MpesaReceiptNumber', Value: result.receipt },
              { Name: 'Balance' },
              { Name: 'TransactionDate', Value: 20261126131415 },
              { Name: 'PhoneNumber', Value: Number(push.phone) },
            ],
          },
        }
      : {};
  const stk = {
    MerchantRequestID: push.merchantRequestId,
    CheckoutRequestID: push.checkoutRequestId,
    ResultCode: result.code,
    ResultDesc: result.desc,
    ...metadata,
  };
  return { url: push.callbackUrl, headers: {}, body: JSON.stringify({ Body: { stkCallback: stk } }) };
}

export function reversalResult(entry: Reversal, unknownTransaction: boolean, outcome: 'succeeded' | 'failed') {
  const [code, desc] = !entry.initiatorValid
    ? [2001, 'The initiator information is invalid.']
    : unknownTransaction
      ? ['R000002', 'The OriginalTransactionID is invalid.']
      : outcome === 'failed'
        ? ['R000001', 'The transaction has already been reversed.']
        : [0, 'The service request is processed successfully.'];
  const result = {
    ResultType: 0,
    ResultCode: code,
    ResultDesc: desc,
    OriginatorConversationID: entry.originatorConversationId,
    ConversationID: entry.conversationId,
    TransactionID: receiptNumber(),
    ...(code === 0
      ? {
          ResultParameters: {
            ResultParameter: [
              { Key: 'Amount', Value: entry.amount },
              { Key: 'OriginalTransactionID', Value: entry.transactionId },
            ],
          },
        }
      : {}),
    ReferenceData: { ReferenceItem: { Key: 'QueueTimeoutURL', Value: entry.resultUrl } },
  };
  return { url: entry.resultUrl, headers: {}, body: JSON.stringify({ Result: result }) } satisfies ProviderNotification;
}
