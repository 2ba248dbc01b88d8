import type { Clock } from '../../domain/clock';
import { requireId } from '../../domain/ids';
import { toCurrencyCode } from '../../domain/money';
import { tenantSql } from '../../infra/db/tenant-sql';
import { newId } from '../../infra/ids';
import { applyLifecycleChange, type LifecycleChange } from '../../services/billing/subscriptions';
import { failProviderPayment, insertPendingPayment } from '../../services/payments/records';
import type { SubscriptionLifecycleEvent } from '../../domain/webhooks';
import type { ApiCall, Json } from '../harness/api-client';
import type { TestApi } from '../harness/api-harness';

/** Business time the test moves: the app's clock (`startTestApi({ clock })`) and the `now` of every service call. */
export interface MovableClock extends Clock {
  set: (instant: string) => Date;
}

export function movableClock(start: string): MovableClock {
  let current = new Date(start);
  return {
    now: () => new Date(current.getTime()),
    set: (instant) => {
      current = new Date(instant);
      return new Date(current.getTime());
    },
  };
}

/**
 * A tenant's history written the way the platform writes it, each step at the clock's date: customers, plans,
 * subscriptions, invoices, payments, refunds and credit notes through the API; subscription state changes through
 * the lifecycle write the subscription workflow makes (`applyLifecycleChange`), whose workflow the test does not run.
 */
export function analyticsHistory(options: {
  api: TestApi;
  call: ApiCall;
  clock: MovableClock;
  tenantId: () => string;
}) {
  const { call, clock } = options;
  const ok = async (method: 'POST' | 'GET', path: string, body?: Json): Promise<Record<string, unknown>> => {
    const reply = await call(method, path, body === undefined ? {} : { body });
    if (reply.status >= 300) throw new Error(`${method} ${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body;
  };
  const sql = () => tenantSql(options.api.orm, options.tenantId());
  let codes = 0;
  return {
    ok,
    async plan(name: string, interval: string, currency: string, amount: number): Promise<string> {
      const body = { name, code: `plan-${++codes}`, billingInterval: interval, prices: [{ currency, amount }] };
      return String((await ok('POST', '/plans', body)).id);
    },
    async customer(at: string, currency: string): Promise<string> {
      clock.set(at);
      const n = ++codes;
      return String(
        (await ok('POST', '/customers', { externalId: `c-${n}`, email: `c${n}@example.com`, currency })).id,
      );
    },
    async subscribe(at: string, customerId: string, planId: string, currency: string): Promise<string> {
      clock.set(at);
      return String((await ok('POST', '/subscriptions', { customerId, planId, currency })).id);
    },
    /** What the subscription workflow writes for a plan change, pause, resume or cancellation at `at`. */
    async change(
      at: string,
      subscriptionId: string,
      change: LifecycleChange,
      event: SubscriptionLifecycleEvent | null,
    ): Promise<void> {
      const now = clock.set(at);
      const written = await applyLifecycleChange(sql(), { subscriptionId, change, event, now });
      if (written?.applied !== true) throw new Error(`lifecycle change of ${subscriptionId} not applied`);
    },
    /** A finalized one-line invoice of `amount` (major units) issued at `at`; its id. */
    async invoice(at: string, customerId: string, amount: number): Promise<string> {
      clock.set(at);
      const items = [{ description: 'Service', quantity: 1, unitAmount: amount }];
      const id = String((await ok('POST', '/invoices', { customerId, items })).id);
      await ok('POST', `/invoices/${id}/finalize`);
      return id;
    },
    /** Marks the invoice paid at `at` (a MANUAL payment); the payment's id. */
    async markPaid(at: string, invoiceId: string): Promise<string> {
      clock.set(at);
      await ok('POST', `/invoices/${invoiceId}/mark-paid`);
      const payments = await ok('GET', `/payments?invoiceId=${invoiceId}`);
      const [payment] = payments.data as { id: string; status: string }[];
      return String(payment?.id);
    },
    /**
     * A provider payment of the whole invoice that fails at `at`, as the payment workflow records a failure:
     * `card_declined` by default; `expired` and `canceled` are checkouts that ended unused (no `payment.failed`).
     */
    async failedPayment(
      at: string,
      invoiceId: string,
      customerId: string,
      amountMinor: bigint,
      currency: string,
      reason = 'card_declined',
    ) {
      const now = clock.set(at);
      const db = sql();
      await db.transactional(async (transaction) => {
        const payment = await insertPendingPayment(db, transaction, {
          id: newId('payment'),
          invoiceId: requireId('invoice', invoiceId),
          customerId,
          amountMinor,
          currency: toCurrencyCode(currency),
          provider: 'STRIPE',
          providerId: 'ppr_analytics',
          expiresAt: new Date(now.getTime() + 3_600_000),
          phoneNumber: null,
          successUrl: null,
          cancelUrl: null,
          callbackTokenHash: null,
          now,
        });
        await failProviderPayment(db, transaction, {
          paymentId: payment.id,
          reason,
          now,
          notify: reason !== 'expired' && reason !== 'canceled',
        });
      });
    },
    async refund(at: string, paymentId: string, amount: number): Promise<void> {
      clock.set(at);
      await ok('POST', `/payments/${paymentId}/refund`, { amount });
    },
    async creditNote(at: string, invoiceId: string, amount: number): Promise<void> {
      clock.set(at);
      const note = await ok('POST', '/credit-notes', { invoiceId, reason: 'OTHER', amount });
      await ok('POST', `/credit-notes/${String(note.id)}/finalize`);
    },
  };
}
