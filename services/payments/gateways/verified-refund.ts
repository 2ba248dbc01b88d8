import type { RefundResult, VerifiedRefund } from './gateway';

/** A refund's state read back from the provider (its refund object, as the refund call's answer is read). */
export function verifiedRefund(result: RefundResult): VerifiedRefund {
  return result.status === 'failed' ? { status: 'failed', reason: result.reason } : { status: result.status };
}
