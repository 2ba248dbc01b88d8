import { parseDecimal, type CurrencyCode, type Decimal } from '../domain/money';
import { tenantSchemaName } from '../infra/db/tenant-schema';
import { tenantSql } from '../infra/db/tenant-sql';
import { newId } from '../infra/ids';
import { createManualInvoice, finalizeInvoice } from '../services/billing/invoices';
import type { ParsedNotification, PaymentGateway } from '../services/payments/gateways';
import { applyRefundNotification } from '../services/payments/refunds';
import type { ApiCall } from './api-client';
import type { TestApi } from './api-harness';
import type { FakeProvider, ProviderNotification } from './fakes/fake-provider';
import type { TenantFixture } from './tenant-fixture';

type RefundNotification = Extract<ParsedNotification, { kind: 'refund' }>;

export interface ProviderRefundSetup {
  provider: 'STRIPE' | 'PAYSTACK';
  credentials: Record<string, string>;
  currency: CurrencyCode;
  /** The invoice's one line, in major units; `amountMinor` is the same amount in minor units. */
  unitAmount: number;
  amountMinor: bigint;
  /** Read when used: the suite sets them in its hooks. */
  api: () => TestApi;
  tenant: () => TenantFixture;
  gateway: () => PaymentGateway;
  fake: () => FakeProvider;
  providerId: () => string;
  call: ApiCall;
}

const ONE: Decimal = (() => {
  const parsed = parseDecimal(1, 0);
  if (!parsed.ok) throw new Error('1 is a decimal');
  return parsed.value;
})();

/**
 * What the provider refund suites share: a SUCCEEDED provider payment made at the fake (checkout, the payer pays,
 * the adapter verifies it, the row recorded as settlement records it), and the fake's refund notification verified by
 * the adapter and applied as the payment workflow applies it.
 */
export function providerRefundFixture(setup: ProviderRefundSetup) {
  let sequence = 0;
  const store = () => tenantSql(setup.api().orm, setup.tenant().tenantId);
  const sql = <T>(text: string, params: unknown[] = []) =>
    setup
      .api()
      .orm.em.getConnection()
      .execute<T[]>(text.replaceAll('$schema', `"${tenantSchemaName(setup.tenant().tenantId)}"`), params);

  async function openInvoice(): Promise<{ invoiceId: string; customerId: string; email: string }> {
    const n = ++sequence;
    const email = `refund${n}@example.com`;
    const customer = await setup.call('POST', '/customers', {
      body: { externalId: `refund-${n}`, email, currency: setup.currency },
    });
    const customerId = String(customer.body.id);
    const now = new Date();
    const created = await createManualInvoice(store(), {
      customerId,
      items: [{ description: 'Service', quantity: ONE, unitAmount: setup.unitAmount }],
      now,
    });
    if (!created.ok) throw new Error(JSON.stringify(created.error));
    const opened = await finalizeInvoice(store(), created.value.id, now);
    if (!opened.ok) throw new Error(JSON.stringify(opened.error));
    return { invoiceId: opened.value.id, customerId, email };
  }

  /** A SUCCEEDED payment of the whole invoice; `providerReference` is what a refund names (PaymentIntent, id). */
  async function paidPayment(): Promise<{ paymentId: string; providerReference: string }> {
    const { invoiceId, customerId, email } = await openInvoice();
    const paymentId = newId('payment');
    const gateway = setup.gateway();
    const checkout = await gateway.createCheckout({
      reference: paymentId,
      amountMinor: setup.amountMinor,
      currency: setup.currency,
      description: 'Invoice',
      customerEmail: email,
      phoneNumber: null,
      successUrl: 'https://tenant.example/paid',
      cancelUrl: null,
      callbackUrl: `${setup.api().url}/api/webhooks/${setup.provider.toLowerCase()}`,
      expiresAt: new Date(Date.now() + 3600_000),
      idempotencyKey: `checkout:${paymentId}`,
    });
    setup.fake().completePayment(paymentId);
    const verified = await gateway.verifyPayment({
      reference: paymentId,
      providerCheckoutId: checkout.providerCheckoutId,
      amountMinor: setup.amountMinor,
      currency: setup.currency,
    });
    if (verified.status !== 'succeeded') throw new Error('the fake did not capture the payment');
    await sql(
      `insert into $schema.payments (id, invoice_id, customer_id, amount_minor, currency, amount_applied_minor,
         provider, status, provider_reference, provider_id, provider_checkout_id, succeeded_at)
       values (?, ?, ?, ?::bigint, ?, ?::bigint, ?, 'SUCCEEDED', ?, ?, ?, now())`,
      [
        paymentId,
        invoiceId,
        customerId,
        setup.amountMinor.toString(),
        setup.currency,
        setup.amountMinor.toString(),
        setup.provider,
        verified.providerReference,
        setup.providerId(),
        checkout.providerCheckoutId,
      ],
    );
    return { paymentId, providerReference: verified.providerReference };
  }

  /** The notification as the inbound route reads it: verified by the adapter with the tenant's credentials. */
  function verifiedRefundNotification(sent: ProviderNotification): RefundNotification {
    const headers = Object.fromEntries(
      Object.entries(sent.headers).map(([name, value]) => [name.toLowerCase(), value]),
    );
    const parsed = setup
      .gateway()
      .verifyNotification(
        { rawBody: Buffer.from(sent.body), headers, query: {}, receivedAt: new Date() },
        { credentials: setup.credentials, callbackTokenHash: null },
      );
    if (parsed?.kind !== 'refund') throw new Error(`not a refund notification: ${JSON.stringify(parsed)}`);
    return parsed;
  }

  /** What the payment workflow's refund activity does with a verified refund notification. */
  /** `verified`: the provider's refund API confirmed the outcome too (needed to undo a succeeded refund). */
  const applyNotification = (paymentId: string, parsed: RefundNotification, verified?: boolean) =>
    applyRefundNotification(store(), {
      paymentId,
      refundId: parsed.refundId,
      providerRefundId: parsed.providerRefundId,
      outcome: parsed.outcome,
      failureReason: parsed.failureReason,
      now: new Date(),
      ...(verified === undefined ? {} : { verified }),
    });

  const refund = (paymentId: string, body: Record<string, unknown> = {}) =>
    setup.call('POST', `/payments/${paymentId}/refund`, { body });
  const payment = async (paymentId: string) => (await setup.call('GET', `/payments/${paymentId}`)).body;

  return { sql, store, paidPayment, verifiedRefundNotification, applyNotification, refund, payment };
}
