import { randomBytes } from 'node:crypto';
import type { Orm } from '../infra/db/orm';
import { tenantSql } from '../infra/db/tenant-sql';
import type { ApiCall, Json } from './api-client';

/**
 * Setup of provider-payment tests through the real API: a customer with an OPEN invoice, a provider configuration
 * aimed at a fake, and reads of what the payment left in PostgreSQL (events, credit).
 */

export const STRIPE_TEST_CREDENTIALS = {
  secretKey: 'sk_test_checkout000000000000000000',
  webhookSecret: 'whsec_checkout00000000000000',
};

/** An OPEN invoice of `amount` (major units) in `currency` for a new customer. */
export async function openInvoice(call: ApiCall, options: { currency: string; amount: number }): Promise<Json> {
  const externalId = `cust-${randomBytes(6).toString('hex')}`;
  const customer = await call('POST', '/customers', {
    body: { externalId, name: 'Globex', email: `${externalId}@example.com`, country: 'US', currency: options.currency },
  });
  if (customer.status !== 201) throw new Error(`customer: ${customer.status} ${customer.text}`);
  const draft = await call('POST', '/invoices', {
    body: {
      customerId: customer.body.id,
      currency: options.currency,
      items: [{ description: 'Consulting', quantity: 1, unitAmount: options.amount }],
    },
  });
  if (draft.status !== 201) throw new Error(`invoice: ${draft.status} ${draft.text}`);
  const open = await call('POST', `/invoices/${String(draft.body.id)}/finalize`);
  if (open.status !== 200) throw new Error(`finalize: ${open.status} ${open.text}`);
  return open.body;
}

export async function configureProvider(
  call: ApiCall,
  body: {
    provider: string;
    credentials: object;
    apiBaseUrl: string;
    isDefault?: boolean;
    supportedCurrencies?: string[];
  },
): Promise<string> {
  const created = await call('POST', '/payment-providers', { body });
  if (created.status !== 201) throw new Error(`provider: ${created.status} ${created.text}`);
  return String(created.body.id);
}

/** The outbound events the tenant recorded (webhook outbox), oldest first, as `type:subject id`. */
export async function recordedEvents(orm: Orm, tenantId: string): Promise<string[]> {
  const sql = tenantSql(orm, tenantId);
  const rows = await sql.query<{ event_type: string; subject: string }>(
    `select event_type, data->>'id' as subject from ${sql.table('webhook_events')} order by id`,
  );
  return rows.map((row) => `${row.event_type}:${row.subject}`);
}

/** The customer's credit balance in minor units of `currency`. */
export async function creditBalance(orm: Orm, tenantId: string, customerId: string, currency: string): Promise<bigint> {
  const sql = tenantSql(orm, tenantId);
  const row = await sql.one<{ balance: string }>(
    `select coalesce(sum(amount_minor), 0)::text as balance from ${sql.table('customer_credit_entries')}
      where customer_id = ? and currency = ?`,
    [customerId, currency],
  );
  return BigInt(row?.balance ?? 0);
}
