import { createHmac, randomBytes } from 'node:crypto';
import type { PaystackCredentials } from '../../services/payments/providers';
import { startFakeHttpServer, type FakeAnswer, type FakeRequest } from './fake-http-server';
import type { FakeProvider, ProviderNotification } from './fake-provider';

/** A transaction as the fake holds it (Paystack's field names). */
export interface FakePaystackTransaction {
  id: number;
  domain: 'test';
  reference: string;
  amount: number;
  currency: string;
  status: 'abandoned' | 'success' | 'failed';
  gateway_response: string;
  message: null;
  channel: 'card';
  paid_at: string | null;
  created_at: string;
  metadata: Record<string, unknown>;
  customer: { email: string };
  access_code: string;
  authorization_url: string;
  callback_url: string | null;
}

interface FakePaystackRefund {
  id: number;
  transaction: FakePaystackTransaction;
  amount: number;
  currency: string;
  status: 'pending' | 'processed' | 'failed';
  merchant_note: string | null;
  refund_reference: string | null;
}

export interface PaystackFake extends FakeProvider {
  transactions(): FakePaystackTransaction[];
  /** Any event body signed as Paystack signs it. */
  signedEvent(event: object, webhookBaseUrl: string): ProviderNotification;
}

const CURRENCIES = new Set(['NGN', 'GHS', 'ZAR', 'KES', 'USD']);
const fail = (status: number, message: string): FakeAnswer => ({ status, body: { status: false, message } });
const ok = (message: string, data: unknown): FakeAnswer => ({ status: 200, body: { status: true, message, data } });

/**
 * A stateful Paystack (issue 17): transactions by reference (initialize, verify), refunds (`POST /refund`,
 * `GET /refund/:id`),
 * `GET /balance`, with Paystack's `{ status, message, data }` answers and `{ status: false, message }` refusals. It
 * checks the Bearer secret key, JSON bodies, the reference's alphabet and its uniqueness. Webhooks are signed with
 * `x-paystack-signature` (hex HMAC-SHA512 of the body with the secret key), as Paystack signs them. A test names a
 * payment by our reference (the fake finds it by Paystack's reference or `metadata.reference`) and a refund by our
 * `re_…` id, which the platform writes into the refund's `merchant_note`.
 */
export async function startPaystackFake(credentials: PaystackCredentials): Promise<PaystackFake> {
  const transactions: FakePaystackTransaction[] = [];
  const refunds: FakePaystackRefund[] = [];
  let nextId = 4_099_260_516;

  const transactionOf = (reference: string) => {
    const found = transactions.find((item) => item.reference === reference || item.metadata.reference === reference);
    if (found === undefined) throw new Error(`paystack fake: no transaction for ${reference}`);
    return found;
  };

  const initialize = (body: Record<string, unknown>): FakeAnswer => {
    const { email, amount, currency, reference } = body;
    if (typeof email !== 'string' || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
      return fail(400, 'Invalid Email Address Passed');
    if (
      !(typeof amount === 'string' || typeof amount === 'number') ||
      !/^\d+$/.test(String(amount)) ||
      Number(amount) <= 0
    ) {
      return fail(400, 'Invalid Amount Sent');
    }
    if (typeof currency !== 'string' || !CURRENCIES.has(currency))
      return fail(403, 'Currency not supported by merchant');
    if (typeof reference !== 'string' || !/^[A-Za-z0-9.=-]+$/.test(reference)) {
      return fail(400, 'Invalid transaction reference: only -, ., = and alphanumeric characters are allowed');
    }
    if (transactions.some((item) => item.reference === reference)) return fail(400, 'Duplicate Transaction Reference');
    const accessCode = randomBytes(8).toString('hex');
    const transaction: FakePaystackTransaction = {
      id: nextId++,
      domain: 'test',
      reference,
      amount: Number(amount),
      currency,
      status: 'abandoned',
      gateway_response: 'The transaction was not completed',
      message: null,
      channel: 'card',
      paid_at: null,
      created_at: new Date().toISOString(),
      metadata:
        typeof body.metadata === 'object' && body.metadata !== null ? (body.metadata as Record<string, unknown>) : {},
      customer: { email },
      access_code: accessCode,
      authorization_url: `https://checkout.paystack.com/${accessCode}`,
      callback_url: typeof body.callback_url === 'string' ? body.callback_url : null,
    };
    transactions.push(transaction);
    return ok('Authorization URL created', {
      authorization_url: transaction.authorization_url,
      access_code: accessCode,
      reference,
    });
  };

  const refund = (body: Record<string, unknown>): FakeAnswer => {
    const key = body.transaction;
    const transaction = transactions.find((item) => String(item.id) === String(key) || item.reference === key);
    if (transaction === undefined) return fail(404, 'Transaction not found');
    if (transaction.status !== 'success') return fail(400, 'Transaction has not been completed');
    const refunded = refunds
      .filter((item) => item.transaction === transaction && item.status !== 'failed')
      .reduce((sum, item) => sum + item.amount, 0);
    const amount = body.amount === undefined ? transaction.amount - refunded : Number(body.amount);
    if (!Number.isSafeInteger(amount) || amount <= 0) return fail(400, 'Invalid amount');
    if (amount > transaction.amount - refunded) {
      return fail(400, 'Refund amount cannot be more than the unrefunded transaction amount');
    }
    if (body.currency !== undefined && body.currency !== transaction.currency) return fail(400, 'Currency mismatch');
    const created: FakePaystackRefund = {
      id: 3_018_284 + refunds.length,
      transaction,
      amount,
      currency: transaction.currency,
      status: 'pending',
      merchant_note: typeof body.merchant_note === 'string' ? body.merchant_note : null,
      refund_reference: null,
    };
    refunds.push(created);
    return ok('Refund has been queued for processing', {
      transaction: {
        id: transaction.id,
        reference: transaction.reference,
        amount: transaction.amount,
        currency: transaction.currency,
      },
      integration: 412829,
      deducted_amount: 0,
      channel: null,
      merchant_note: created.merchant_note,
      customer_note: `Refund for transaction ${transaction.reference}`,
      status: created.status,
      refunded_by: 'fake@paystack.test',
      currency: created.currency,
      domain: 'test',
      amount,
      fully_deducted: false,
      id: created.id,
    });
  };

  const route = (request: FakeRequest): FakeAnswer => {
    if (request.headers.authorization !== `Bearer ${credentials.secretKey}`) return fail(401, 'Invalid key');
    if (request.method === 'GET' && request.pathname === '/balance') {
      return ok('Balances retrieved', [{ currency: 'NGN', balance: 0 }]);
    }
    const verify = /^\/transaction\/verify\/([^/]+)$/.exec(request.pathname);
    if (request.method === 'GET' && verify !== null) {
      const transaction = transactions.find((item) => item.reference === decodeURIComponent(verify[1]!));
      if (transaction === undefined) return fail(400, 'Transaction reference not found');
      const { access_code: _code, authorization_url: _url, callback_url: _callback, ...shown } = transaction;
      return ok('Verification successful', { ...shown, requested_amount: transaction.amount });
    }
    const refundPath = /^\/refund\/([^/]+)$/.exec(request.pathname);
    if (request.method === 'GET' && refundPath !== null) {
      const found = refunds.find((item) => String(item.id) === decodeURIComponent(refundPath[1]!));
      if (found === undefined) return fail(404, 'Refund not found');
      const { transaction, ...shown } = found;
      return ok('Refund retrieved', { ...shown, transaction: transaction.id });
    }
    if (request.method !== 'POST') return fail(404, 'Not found');
    if (request.headers['content-type'] !== 'application/json') return fail(400, 'paystack fake: JSON bodies only');
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(request.body) as Record<string, unknown>;
    } catch {
      return fail(400, 'Invalid JSON');
    }
    if (request.pathname === '/transaction/initialize') return initialize(body);
    if (request.pathname === '/refund') return refund(body);
    return fail(404, 'Not found');
  };

  const server = await startFakeHttpServer(route);

  const signedEvent = (event: object, webhookBaseUrl: string): ProviderNotification => {
    const body = JSON.stringify(event);
    return {
      url: `${webhookBaseUrl}/api/webhooks/paystack`,
      headers: { 'x-paystack-signature': paystackSignature(credentials.secretKey, body) },
      body,
    };
  };

  return {
    url: server.url,
    requests: server.requests,
    failNextCall: server.failNextCall,
    close: server.close,
    transactions: () => [...transactions],
    signedEvent,
    completePayment(reference) {
      Object.assign(transactionOf(reference), {
        status: 'success',
        gateway_response: 'Successful',
        paid_at: new Date().toISOString(),
      });
    },
    failPayment(reference, reason = 'Declined') {
      Object.assign(transactionOf(reference), { status: 'failed', gateway_response: reason });
    },
    paymentNotification(reference, webhookBaseUrl) {
      const transaction = transactionOf(reference);
      // Paystack notifies successful charges only (charge.success); a failed attempt is learnt by verification.
      if (transaction.status !== 'success') throw new Error(`paystack fake: ${reference} is ${transaction.status}`);
      const { access_code: _code, authorization_url: _url, callback_url: _callback, ...data } = transaction;
      return signedEvent({ event: 'charge.success', data }, webhookBaseUrl);
    },
    refundNotification(refundId, webhookBaseUrl, outcome = 'succeeded') {
      const found = refunds.find((item) => item.merchant_note?.includes(`(${refundId})`) ?? false);
      if (found === undefined) throw new Error(`paystack fake: no refund whose merchant_note names ${refundId}`);
      found.status = outcome === 'succeeded' ? 'processed' : 'failed';
      found.refund_reference = `TRF_${randomBytes(6).toString('hex')}`;
      return signedEvent(
        {
          event: outcome === 'succeeded' ? 'refund.processed' : 'refund.failed',
          data: {
            status: found.status,
            transaction_reference: found.transaction.reference,
            refund_reference: found.refund_reference,
            amount: String(found.amount),
            currency: found.currency,
            processor: 'mpgs_zen',
            customer: { first_name: null, last_name: null, email: found.transaction.customer.email },
            integration: 412829,
            domain: 'test',
            id: String(found.id),
          },
        },
        webhookBaseUrl,
      );
    },
  };
}

/** `x-paystack-signature` as Paystack computes it: hex HMAC-SHA512 of the raw body with the secret key. */
export function paystackSignature(secretKey: string, body: string): string {
  return createHmac('sha512', secretKey).update(body).digest('hex');
}
