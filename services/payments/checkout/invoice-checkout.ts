import type { Clock } from '../../../domain/clock';
import { customerClock } from '../../catalog/customers';
import type { Config } from '../../../infra/config';
import type { Orm } from '../../../infra/db/orm';
import type { TenantSql } from '../../../infra/db/tenant-sql';
import { tenantSql } from '../../../infra/db/tenant-sql';
import { newId } from '../../../infra/ids';
import { AppError } from '../../platform/errors';
import { invoiceNotFound, lockInvoice, type InvoiceRecord } from '../../billing/invoices';
import { providerCurrencies } from '../gateways';
import { listPaymentProviders, paymentProviderNotFound, type PaymentProviderRecord } from '../providers';
import {
  callbackTokenHash,
  findOpenProviderPayment,
  findPayment,
  insertPendingPayment,
  mpesaCallbackToken,
  type PaymentRecord,
} from '../records';
import {
  checkoutTemporalUnavailable,
  noPaymentProvider,
  nothingToCollect,
  paymentProviderError,
  phoneNumberRequired,
  providerCurrencyUnsupported,
} from './checkout-errors';
import { startPaymentCheckout, type CheckoutTemporal } from './checkout-starter';
import { chooseProvider } from './provider-choice';
/**
 * What the API's side of a checkout needs: no gateway (provider choice reads each provider's currency set, the
 * workflow talks to the provider), the key an M-Pesa callback token derives from, Temporal and business time.
 */
export interface CheckoutDeps {
  config: Pick<Config, 'encryptionKey'>;
  /** Absent when the app runs without Temporal: a checkout needs its workflow, so that is a 503. */
  temporal: CheckoutTemporal | undefined;
  /** Business time: the payment's creation and expiry. */
  clock: Clock;
}

export interface CheckoutRequest {
  invoiceId: string;
  providerId?: string;
  successUrl?: string;
  cancelUrl?: string;
  phoneNumber?: string;
}

const HOUR_MS = 3_600_000;
/** CONTRACT §11: an M-Pesa push lapses after 5 minutes, hosted checkouts after 24 hours. */
const checkoutLifetimeMs = (provider: string): number => (provider === 'MPESA' ? 5 * 60_000 : 24 * HOUR_MS);
const COLLECTING: readonly string[] = ['OPEN', 'UNCOLLECTIBLE'];
// A tenant configures at most one of each provider.
const ALL_PROVIDERS = { limit: 100, offset: 0 };

/**
 * `POST /invoices/:id/checkout` (CONTRACT §11): the invoice's unexpired PENDING payment (`created: false`), else a
 * new PENDING payment through the chosen provider, whose workflow asks the provider for the checkout; the answer
 * waits for it. The payment and its reference row are committed before the workflow starts, so a notification
 * arriving at once finds them.
 */
export async function checkoutInvoice(
  deps: CheckoutDeps,
  sql: TenantSql,
  request: CheckoutRequest,
): Promise<{ payment: PaymentRecord; created: boolean }> {
  const temporal = deps.temporal;
  if (temporal === undefined) throw checkoutTemporalUnavailable();
  const providers = (await listPaymentProviders(sql, ALL_PROVIDERS)).records;
  const reserved = await sql.transactional(async (transaction) => {
    const invoice = await lockInvoice(sql, transaction, request.invoiceId);
    if (invoice === undefined) throw invoiceNotFound(request.invoiceId);
    if (!COLLECTING.includes(invoice.status) || invoice.amountDueMinor <= 0n) {
      throw nothingToCollect(invoice.id, invoice.status);
    }
    const now = (await customerClock(sql, invoice.customerId, deps.clock, transaction)).now();
    const open = await findOpenProviderPayment(sql, transaction, { invoiceId: invoice.id, now });
    if (open !== undefined) return { payment: open, created: false };
    const provider = pickProvider({ invoice, providers, providerId: request.providerId });
    if (provider.provider === 'MPESA' && request.phoneNumber === undefined) throw phoneNumberRequired();
    const paymentId = newId('payment');
    const payment = await insertPendingPayment(sql, transaction, {
      id: paymentId,
      invoiceId: invoice.id,
      customerId: invoice.customerId,
      amountMinor: invoice.amountDueMinor,
      currency: invoice.currency,
      provider: provider.provider,
      providerId: provider.id,
      expiresAt: new Date(now.getTime() + checkoutLifetimeMs(provider.provider)),
      phoneNumber: request.phoneNumber ?? null,
      successUrl: request.successUrl ?? null,
      cancelUrl: request.cancelUrl ?? null,
      callbackTokenHash:
        provider.provider === 'MPESA'
          ? callbackTokenHash(mpesaCallbackToken(deps.config.encryptionKey, sql.tenantId, paymentId))
          : null,
      now,
    });
    return { payment, created: true };
  });
  return { payment: await awaitCheckout(temporal, sql, reserved.payment), created: reserved.created };
}

function pickProvider(request: {
  invoice: InvoiceRecord;
  providers: PaymentProviderRecord[];
  providerId: string | undefined;
}): PaymentProviderRecord {
  const { currency } = request.invoice;
  const choice = chooseProvider({
    providers: request.providers,
    providerId: request.providerId,
    currency,
    currenciesOf: (provider) => providerCurrencies(provider.provider),
  });
  if (choice.ok) return choice.provider;
  switch (choice.error) {
    case 'payment_provider_not_found':
      throw paymentProviderNotFound(request.providerId ?? '');
    case 'provider_currency_unsupported':
      throw providerCurrencyUnsupported(request.providerId ?? '', currency);
    case 'no_payment_provider':
      throw noPaymentProvider(currency);
  }
}

/** The payment once its checkout exists: at once when it is recorded, else through the workflow's update. */
async function awaitCheckout(
  temporal: CheckoutTemporal,
  sql: TenantSql,
  payment: PaymentRecord,
): Promise<PaymentRecord> {
  if (payment.checkoutUrl !== null || payment.providerCheckoutId !== null) return payment;
  const state = await startPaymentCheckout(temporal, {
    tenantId: sql.tenantId,
    paymentId: payment.id,
    customerId: payment.customerId,
  });
  if (state.state === 'refused') throw paymentProviderError(payment.provider, state.reason);
  return (await findPayment(sql, payment.id)) ?? payment;
}

/**
 * The checkout link of an invoice e-mail (CONTRACT §12): the unexpired PENDING checkout, or a new one through the
 * default provider choice; null when no provider fits the invoice (none configured, none takes its currency, or the
 * only fit is M-Pesa, which needs the payer's phone). Other failures (Temporal, the provider) are thrown.
 */
export async function ensureInvoiceCheckout(
  deps: CheckoutDeps & { orm: Orm },
  request: { tenantId: string; invoiceId: string },
): Promise<{ checkoutUrl: string | null } | null> {
  try {
    const { payment } = await checkoutInvoice(deps, tenantSql(deps.orm, request.tenantId), {
      invoiceId: request.invoiceId,
    });
    return { checkoutUrl: payment.checkoutUrl };
  } catch (error) {
    if (error instanceof AppError && NO_FIT.includes(error.code)) return null;
    throw error;
  }
}

const NO_FIT: readonly string[] = ['no_payment_provider', 'validation_failed'];
