import { noCanceledCheckoutNotice } from '../../services/payments/checkout';
import { requireId } from '../../domain/ids';
import { parseDecimal, toCurrencyCode, type Decimal } from '../../domain/money';
import { systemClock } from '../../infra/clock';
import { tenantSql, type TenantSql } from '../../infra/db/tenant-sql';
import { newId } from '../../infra/ids';
import { createCreditNote, voidCreditNote } from '../../services/billing/credit-notes';
import { AppError } from '../../services/platform/errors';
import { createManualInvoice, finalizeInvoice, lockInvoice } from '../../services/billing/invoices';
import { markInvoicePaid, settleProviderPayment, voidInvoice } from '../../services/payments/settlement';
import {
  createGateway,
  GatewayError,
  type PaymentGateway,
  type VerifiedRefund,
} from '../../services/payments/gateways';
import { failProviderPayment, insertPendingPayment, recordPaymentCheckout } from '../../services/payments/records';
import { applyRefundNotification, createRefund } from '../../services/payments/refunds';
import type { ApiCall } from '../harness/api-client';
import type { TestApi } from '../harness/api-harness';
import type { StripeFake } from '../fakes/stripe-fake';

/**
 * One step of a random money history (services/payments/refunds/money-conservation.int.test.ts). Targets are picks: the
 * step takes candidate `pick % candidates` among the rows that fit it as the database stands, and does nothing when
 * none fits, so any sequence runs and shrinks.
 */
export type MoneyStep =
  | { step: 'open'; customer: number; amountMinor: number }
  | { step: 'checkout'; pick: number }
  | {
      step: 'confirm';
      pick: number;
      capture: 'exact' | 'short' | 'over' | 'eur' | 'again';
      delta: number;
      copies: number;
      race: 'none' | 'void' | 'markPaid';
    }
  | { step: 'expire'; pick: number }
  | { step: 'markPaid'; pick: number }
  | { step: 'void'; pick: number }
  | { step: 'creditNote'; pick: number; percent: number }
  | { step: 'voidCreditNote'; pick: number }
  | {
      step: 'refund';
      pick: number;
      amount: 'rest' | 'part' | 'whole';
      percent: number;
      answer: 'succeeded' | 'pending' | 'failed' | 'refused';
      copies: number;
      creditNote: boolean;
    }
  | { step: 'refundNotice'; pick: number; outcome: 'succeeded' | 'failed' }
  /** Two steps at once: lock order and concurrency across use cases (a refund failing while its invoice is voided). */
  | { step: 'together'; steps: [MoneyStep, MoneyStep] };

/**
 * How long the money property runs: MONEY_PROPERTY_RUNS sequences (100 by default, what `npm test` runs) of at most
 * MONEY_PROPERTY_STEPS steps (60), some of them pairs of steps run at once (MONEY_PROPERTY_TOGETHER=0 runs one
 * step at a time); MONEY_PROPERTY_SEED and MONEY_PROPERTY_PATH replay a failure fast-check printed.
 */
export function moneyPropertySettings(): {
  runs: number;
  steps: number;
  together: boolean;
  seed?: number;
  path?: string;
} {
  const { MONEY_PROPERTY_RUNS, MONEY_PROPERTY_STEPS, MONEY_PROPERTY_SEED, MONEY_PROPERTY_PATH } = process.env;
  return {
    together: process.env.MONEY_PROPERTY_TOGETHER !== '0',
    runs: Number(MONEY_PROPERTY_RUNS ?? 100),
    steps: Number(MONEY_PROPERTY_STEPS ?? 60),
    ...(MONEY_PROPERTY_SEED === undefined ? {} : { seed: Number(MONEY_PROPERTY_SEED) }),
    ...(MONEY_PROPERTY_PATH === undefined ? {} : { path: MONEY_PROPERTY_PATH }),
  };
}

export interface MoneyWorld {
  api: TestApi;
  stripe: StripeFake;
  gateway: PaymentGateway;
  credentials: { secretKey: string; webhookSecret: string };
  tenantId: string;
  providerId: string;
  call: ApiCall;
}

const USD = toCurrencyCode('USD');
const ONE: Decimal = (() => {
  const parsed = parseDecimal(1, 0);
  if (!parsed.ok) throw new Error('1 is a decimal');
  return parsed.value;
})();
/** What a step may be refused with: the rules working, not money lost. */
const EXPECTED_REFUSALS = new Set(['refund_exceeds_payment', 'invalid_state_transition']);

export class MoneyHistory {
  readonly customerIds: string[] = [];
  private readonly sql: TenantSql;

  constructor(private readonly world: MoneyWorld) {
    this.sql = tenantSql(world.api.orm, world.tenantId);
  }

  async addCustomers(count: number): Promise<void> {
    for (let n = 0; n < count; n++) {
      const externalId = `money-${newId('payment').slice(4).toLowerCase()}`;
      const created = await this.world.call('POST', '/customers', {
        body: { externalId, email: `${externalId}@example.com`, currency: 'USD' },
      });
      if (created.status !== 201) throw new Error(`customer: ${created.status} ${created.text}`);
      this.customerIds.push(String(created.body.id));
    }
  }

  /** Candidate ids of `table` for the history's customers matching `where`, oldest first. */
  private async pick(table: string, where: string, pick: number): Promise<string | undefined> {
    const rows = await this.sql.query<{ id: string }>(
      `select id from ${this.sql.table(table)}
        where customer_id = any(string_to_array(?, ',')) and ${where} order by created_at, id`,
      [this.customerIds.join(',')],
    );
    return rows.length === 0 ? undefined : rows[pick % rows.length]!.id;
  }

  async run(step: MoneyStep): Promise<void> {
    const now = new Date();
    switch (step.step) {
      case 'open':
        return this.openInvoice(step.customer, step.amountMinor, now);
      case 'checkout':
        return this.checkout(step.pick, now);
      case 'confirm':
        return this.confirm(step, now);
      case 'expire': {
        const id = await this.pick('payments', `status = 'PENDING' and provider = 'STRIPE'`, step.pick);
        if (id === undefined) return;
        await this.sql.transactional((transaction) =>
          failProviderPayment(this.sql, transaction, { paymentId: id, reason: 'expired', now, notify: false }),
        );
        return;
      }
      case 'markPaid':
      case 'void': {
        const id = await this.pick('invoices', `status = 'OPEN'`, step.pick);
        if (id === undefined) return;
        const change = step.step === 'void' ? voidInvoice : markInvoicePaid;
        await change(this.sql, requireId('invoice', id), now, noCanceledCheckoutNotice);
        return;
      }
      case 'creditNote': {
        const id = await this.pick('invoices', `status in ('OPEN', 'PAID')`, step.pick);
        if (id === undefined) return;
        const total = await this.sql.one<{ total: string }>(
          `select total_minor::text as total from ${this.sql.table('invoices')} where id = ?`,
          [id],
        );
        const amountMinor = (BigInt(total!.total) * BigInt(step.percent)) / 100n;
        if (amountMinor <= 0n) return;
        await createCreditNote(this.sql, { invoiceId: id, reason: 'OTHER', amountMinor, finalize: true, now });
        return;
      }
      case 'voidCreditNote': {
        const id = await this.pick('credit_notes', `status = 'FINALIZED'`, step.pick);
        if (id !== undefined) await voidCreditNote(this.sql, id, now);
        return;
      }
      case 'refund':
        return this.refund(step, now);
      case 'refundNotice':
        return this.refundNotice(step, now);
      case 'together':
        await Promise.all(step.steps.map((each) => this.run(each)));
        return;
    }
  }

  private async openInvoice(customer: number, amountMinor: number, now: Date): Promise<void> {
    const customerId = this.customerIds[customer % this.customerIds.length]!;
    const created = await createManualInvoice(this.sql, {
      customerId,
      items: [{ description: 'Service', quantity: ONE, unitAmount: amountMinor / 100 }],
      now,
    });
    if (!created.ok) throw new Error(JSON.stringify(created.error));
    const opened = await finalizeInvoice(this.sql, created.value.id, now);
    if (!opened.ok) throw new Error(JSON.stringify(opened.error));
  }

  /** What `POST /invoices/:id/checkout` and the payment workflow's first activity do, without Temporal. */
  private async checkout(pick: number, now: Date): Promise<void> {
    const invoiceId = await this.pick(
      'invoices',
      `status = 'OPEN' and amount_due_minor > 0 and not exists (select 1 from ${this.sql.table('payments')} p
         where p.invoice_id = invoices.id and p.status = 'PENDING')`,
      pick,
    );
    if (invoiceId === undefined) return;
    const payment = await this.sql.transactional(async (transaction) => {
      const invoice = await lockInvoice(this.sql, transaction, invoiceId);
      if (invoice?.status !== 'OPEN') return undefined;
      return insertPendingPayment(this.sql, transaction, {
        id: newId('payment'),
        invoiceId,
        customerId: invoice.customerId,
        amountMinor: invoice.amountDueMinor,
        currency: invoice.currency,
        provider: 'STRIPE',
        providerId: this.world.providerId,
        expiresAt: new Date(now.getTime() + 3_600_000),
        phoneNumber: null,
        successUrl: null,
        cancelUrl: null,
        callbackTokenHash: null,
        now,
      });
    });
    if (payment === undefined) return;
    const checkout = await this.world.gateway.createCheckout({
      reference: payment.id,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      description: 'Invoice',
      customerEmail: null,
      phoneNumber: null,
      successUrl: null,
      cancelUrl: null,
      callbackUrl: `${this.world.api.url}/api/webhooks/stripe`,
      expiresAt: payment.expiresAt ?? now,
      idempotencyKey: payment.id,
    });
    await recordPaymentCheckout(this.sql, { paymentId: payment.id, ...checkout, now });
  }

  /**
   * The payer pays at Stripe (what it takes may differ from what was asked), then `copies` confirmations race, each
   * as the payment workflow does it: the adapter's `verifyPayment`, then `settleProviderPayment`; optionally racing a
   * void or mark-paid of the invoice.
   */
  private async confirm(step: Extract<MoneyStep, { step: 'confirm' }>, now: Date): Promise<void> {
    const captured = new Set(
      this.world.stripe
        .sessions()
        .filter((s) => s.payment_status === 'paid')
        .map((s) => s.client_reference_id),
    );
    const rows = await this.sql.query<{ id: string; invoice_id: string; requested: string; checkout: string }>(
      `select id, invoice_id, requested_amount_minor::text as requested, provider_checkout_id as checkout
         from ${this.sql.table('payments')}
        where customer_id = any(string_to_array(?, ',')) and provider_checkout_id is not null order by created_at, id`,
      [this.customerIds.join(',')],
    );
    const candidates = rows.filter((row) => captured.has(row.id) === (step.capture === 'again'));
    const payment = candidates[step.pick % Math.max(candidates.length, 1)];
    if (payment === undefined) return;
    const requested = Number(payment.requested);
    // Stripe takes a session's money once: a concurrent step may have captured it since the candidates were read.
    const session = this.world.stripe.sessions().find((s) => s.client_reference_id === payment.id);
    if (step.capture !== 'again' && session?.payment_status !== 'paid') {
      const amount = {
        exact: requested,
        short: requested > 1 ? requested - 1 - (step.delta % (requested - 1)) : requested,
        over: requested + 1 + step.delta,
        eur: 1 + step.delta,
      }[step.capture];
      this.world.stripe.capturePayment(payment.id, { amount, currency: step.capture === 'eur' ? 'eur' : 'usd' });
    }
    const settle = async () => {
      const verified = await this.world.gateway.verifyPayment({
        reference: payment.id,
        providerCheckoutId: payment.checkout,
        amountMinor: BigInt(requested),
        currency: USD,
      });
      if (verified.status !== 'succeeded') throw new Error(`the fake did not capture ${payment.id}`);
      await settleProviderPayment(this.sql, { paymentId: payment.id, ...verified, now });
    };
    const invoiceId = requireId('invoice', payment.invoice_id);
    const race = () => {
      if (step.race === 'void') return [voidInvoice(this.sql, invoiceId, now, noCanceledCheckoutNotice)];
      return step.race === 'markPaid' ? [markInvoicePaid(this.sql, invoiceId, now, noCanceledCheckoutNotice)] : [];
    };
    await Promise.all([...Array.from({ length: step.copies }, settle), ...race()]);
  }

  private async refund(step: Extract<MoneyStep, { step: 'refund' }>, now: Date): Promise<void> {
    const id = await this.pick('payments', `status in ('SUCCEEDED', 'PARTIALLY_REFUNDED', 'REFUNDED')`, step.pick);
    if (id === undefined) return;
    const payment = await this.sql.one<{ amount: string; provider: string }>(
      `select amount_minor::text as amount, provider from ${this.sql.table('payments')} where id = ?`,
      [id],
    );
    const whole = BigInt(payment!.amount);
    const part = (whole * BigInt(step.percent)) / 100n;
    const amountMinor = { rest: undefined, whole, part: part > 0n ? part : 1n }[step.amount];
    const { stripe } = this.world;
    const before = stripe.requests.filter((r) => r.path === '/v1/refunds').length;
    stripe.setRefundStatus(step.answer === 'refused' ? 'succeeded' : step.answer);
    if (step.answer === 'refused') {
      const disputed = { error: { type: 'card_error', message: 'Charge has been disputed.' } };
      stripe.failNextCall('/v1/refunds', 402, disputed, 'POST');
    }
    const deps = { sql: this.sql, config: this.world.api.config, clock: systemClock, createGateway };
    const one = async () => {
      try {
        await createRefund(deps, {
          paymentId: id,
          ...(amountMinor === undefined ? {} : { amountMinor }),
          reason: null,
          createCreditNote: step.creditNote,
          now,
        });
      } catch (error) {
        if (!(error instanceof AppError && EXPECTED_REFUSALS.has(error.code))) throw error;
      }
    };
    try {
      await Promise.all(Array.from({ length: step.copies }, one));
    } finally {
      stripe.setRefundStatus('succeeded');
      // A refusal no refund call met stays queued in the fake: spend it so it refuses nothing later.
      if (step.answer === 'refused' && stripe.requests.filter((r) => r.path === '/v1/refunds').length === before) {
        await fetch(`${stripe.url}/v1/refunds`, { method: 'POST' });
      }
    }
  }

  /** Stripe's signed `refund.updated`, verified by the adapter and applied as the payment workflow applies it. */
  private async refundNotice(step: Extract<MoneyStep, { step: 'refundNotice' }>, now: Date): Promise<void> {
    const known = new Set(this.world.stripe.refunds().map((r) => r.metadata.refund_id));
    const statuses = step.outcome === 'failed' ? `('PENDING', 'SUCCEEDED')` : `('PENDING')`;
    const rows = await this.sql.query<{ id: string; payment_id: string }>(
      `select r.id, r.payment_id from ${this.sql.table('refunds')} r join ${this.sql.table('payments')} p
          on p.id = r.payment_id
        where p.customer_id = any(string_to_array(?, ',')) and r.status in ${statuses} order by r.created_at, r.id`,
      [this.customerIds.join(',')],
    );
    const candidates = rows.filter((row) => known.has(row.id));
    const refund = candidates[step.pick % Math.max(candidates.length, 1)];
    if (refund === undefined) return;
    const sent = this.world.stripe.refundNotification(refund.id, this.world.api.url, step.outcome);
    const parsed = this.world.gateway.verifyNotification(
      { rawBody: Buffer.from(sent.body), headers: lowerCase(sent.headers), query: {}, receivedAt: now },
      { credentials: this.world.credentials, callbackTokenHash: null },
    );
    if (parsed?.kind !== 'refund') throw new Error(`not a refund notification: ${JSON.stringify(parsed)}`);
    // As the workflow's activity does: the claim counts only when Stripe's refund API reports it too.
    const asked = await this.askStripeAbout(parsed.providerRefundId);
    if (asked === 'refused' || (asked !== undefined && asked.status !== parsed.outcome)) return;
    await applyRefundNotification(this.sql, {
      paymentId: refund.payment_id,
      refundId: parsed.refundId,
      providerRefundId: parsed.providerRefundId,
      outcome: parsed.outcome,
      failureReason: parsed.failureReason,
      now,
      verified: asked !== undefined,
    });
  }

  /** Stripe's refund API on the refund, as `checkRefundClaim` asks it: a refusal contradicts the claim. */
  private async askStripeAbout(providerRefundId: string | null): Promise<VerifiedRefund | 'refused' | undefined> {
    if (providerRefundId === null) return undefined;
    try {
      return await this.world.gateway.verifyRefund?.({ providerRefundId });
    } catch (error) {
      if (error instanceof GatewayError && !error.retryable) return 'refused';
      throw error;
    }
  }
}

const lowerCase = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
