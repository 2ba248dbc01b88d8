import { randomBytes } from 'node:crypto';

/**
 * Paystack's transaction reference for one checkout of our payment: `pay-<ULID>.<8 hex>`. Paystack allows only
 * letters, digits, `-`, `.` and `=`, and our payment ids are `pay_<ULID>`: the underscore travels as a hyphen (our ids
 * hold one underscore and never a hyphen, CONTRACT §3). Paystack refuses a reference it has seen ("Duplicate
 * Transaction Reference") and has no idempotency key, and no call gives back the page of a transaction already
 * initialized; so each attempt gets its own suffix, and a retry whose first answer was lost opens a fresh page
 * instead of failing the payment. The page never shown is never paid; any of them reads back as our payment.
 */
export function newPaystackReference(reference: string): string {
  if (!/^[A-Za-z0-9_]+$/.test(reference)) {
    throw new Error(`Not a reference Paystack can carry: ${JSON.stringify(reference)}`);
  }
  return `${reference.replaceAll('_', '-')}.${randomBytes(4).toString('hex')}`;
}

/** Our reference from Paystack's (`pay-01J….9f2c41aa` → `pay_01J…`). */
export function fromPaystackReference(paystackReference: string): string {
  const [base = ''] = paystackReference.split('.');
  return base.replaceAll('-', '_');
}
