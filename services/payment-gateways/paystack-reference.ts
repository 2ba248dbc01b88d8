/**
 * Paystack allows only letters, digits, `-`, `.` and `=` in a transaction reference, and our payment ids are
 * `pay_<ULID>`. The underscore becomes a hyphen on the way out and back on the way in: our ids hold exactly one
 * underscore and never a hyphen (CONTRACT §3), so the mapping is one-to-one and Paystack's reference still reads as
 * the payment id.
 */
export function toPaystackReference(reference: string): string {
  if (!/^[A-Za-z0-9_.=]+$/.test(reference)) {
    throw new Error(`Not a reference Paystack can carry: ${JSON.stringify(reference)}`);
  }
  return reference.replaceAll('_', '-');
}

/** Our reference from Paystack's (`pay-01J…` → `pay_01J…`). */
export function fromPaystackReference(paystackReference: string): string {
  return paystackReference.replaceAll('-', '_');
}
