import { isId } from '../../../domain/ids';
import type { ProviderKind } from '../../../domain/payments';
import type { Sql } from '../../../infra/db/sql';

/** Where a reference we gave a provider leads: the tenant and payment, and the provider it was given to. */
export interface PaymentReference {
  tenantId: string;
  paymentId: string;
  provider: ProviderKind;
}

/**
 * Looks a notification's reference up in `central.payment_references` (CONTRACT §11: never by scanning tenant
 * schemas). The reference is the payment id; anything else is unknown without a query, so a flood of made-up
 * references costs no database round trip.
 */
export async function findPaymentReference(sql: Sql, reference: string): Promise<PaymentReference | undefined> {
  if (!isId('payment', reference)) return undefined;
  const row = await sql.one<{ tenant_id: string; payment_id: string; provider: ProviderKind }>(
    'select tenant_id, payment_id, provider from central.payment_references where reference = ?',
    [reference],
  );
  return row === undefined ? undefined : { tenantId: row.tenant_id, paymentId: row.payment_id, provider: row.provider };
}
