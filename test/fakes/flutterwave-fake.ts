import { randomBytes } from 'node:crypto';
import { API_BASE_PATH } from '../../api/app';
import { currencyExponent, parseCurrencyCode } from '../../domain/money';
import type { FlutterwaveCredentials } from '../../services/payments/providers';
import { startFakeHttpServer, type FakeAnswer, type FakeRequest } from './fake-http-server';
import type { FakeProvider, ProviderNotification } from './fake-provider';

type Json = Record<string, unknown>;

interface Checkout {
  txRef: string;
  /** The major-unit amount exactly as sent, and its currency. */
  amount: string;
  currency: string;
  email: string;
  transaction: Transaction | null;
}

interface Transaction {
  id: number;
  status: 'successful' | 'failed';
  processorResponse: string;
  refunded: bigint;
}

interface Refund {
  id: number;
  txId: number;
  amount: string;
  status: 'completed' | 'pending';
}

export interface FlutterwaveFake extends FakeProvider {
  /** What the refund endpoint answers in `data.status` from now on (Flutterwave may answer `pending`). */
  setRefundStatus(status: 'completed' | 'pending'): void;
  /** Flutterwave's transaction id for the payment (what a refund names), once the payer has attempted it. */
  transactionIdOf(reference: string): string;
  refunds: Refund[];
}

const DECIMAL = /^(?:0|[1-9][0-9]*)(?:\.[0-9]+)?$/;

/**
 * Flutterwave v3 as far as the gateway uses it: `POST /v3/payments` (Standard's hosted link),
 * `GET /v3/transactions/verify_by_reference`, `POST /v3/transactions/:id/refund`, `GET /v3/balances` (the connection
 * probe); JSON bodies, the secret key as a bearer token, Flutterwave's `{status, message, data}` envelope and its
 * error bodies. Webhooks carry the dashboard's secret hash in `verif-hash`, unsigned, as Flutterwave sends them.
 */
export async function startFlutterwaveFake(credentials: FlutterwaveCredentials): Promise<FlutterwaveFake> {
  const checkouts = new Map<string, Checkout>();
  const refunds: Refund[] = [];
  let refundStatus: Refund['status'] = 'completed';
  let nextId = 4_975_363;
  let url = '';

  const route = (request: FakeRequest): FakeAnswer => {
    if (request.headers.authorization !== `Bearer ${credentials.secretKey}`) {
      return { status: 401, body: { status: 'error', message: 'Invalid authorization key', data: null } };
    }
    if (request.method === 'POST' && request.pathname === '/v3/payments') return createPayment(request);
    if (request.method === 'GET' && request.pathname === '/v3/transactions/verify_by_reference') {
      return verify(request.query.get('tx_ref') ?? '');
    }
    const refund = /^\/v3\/transactions\/([^/]+)\/refund$/.exec(request.pathname);
    if (request.method === 'POST' && refund) return refundTransaction(refund[1] ?? '', request);
    if (request.method === 'GET' && request.pathname === '/v3/balances') {
      return { status: 200, body: { status: 'success', message: 'Wallet balances fetched', data: [] } };
    }
    return { status: 404, body: { status: 'error', message: 'Route not found', data: null } };
  };

  const createPayment = (request: FakeRequest): FakeAnswer => {
    const body = readJson(request);
    if (body === undefined) return validation('Invalid JSON body');
    const customer = asObject(body.customer);
    const currency = typeof body.currency === 'string' ? body.currency : 'NGN';
    const amount = typeof body.amount === 'number' ? String(body.amount) : body.amount;
    if (typeof body.tx_ref !== 'string' || body.tx_ref === '') return validation('tx_ref is required');
    if (typeof amount !== 'string' || !validAmount(amount, currency)) return validation('amount is invalid');
    if (typeof customer?.email !== 'string') return validation('customer.email is required');
    if (typeof body.redirect_url !== 'string') return validation('redirect_url is required');
    if (checkouts.get(body.tx_ref)?.transaction) return validation('Duplicate transaction reference');
    checkouts.set(body.tx_ref, { txRef: body.tx_ref, amount, currency, email: customer.email, transaction: null });
    const link = `${url}/v3/hosted/pay/${randomBytes(10).toString('hex')}`;
    return { status: 200, body: { status: 'success', message: 'Hosted Link', data: { link } } };
  };

  const verify = (txRef: string): FakeAnswer => {
    const checkout = checkouts.get(txRef);
    if (checkout?.transaction == null) {
      return { status: 400, body: { status: 'error', message: 'No transaction was found for this id', data: null } };
    }
    return {
      status: 200,
      body: { status: 'success', message: 'Transaction fetched successfully', data: transactionData(checkout) },
    };
  };

  const refundTransaction = (id: string, request: FakeRequest): FakeAnswer => {
    const checkout = [...checkouts.values()].find((entry) => String(entry.transaction?.id) === id);
    const transaction = checkout?.transaction;
    if (checkout === undefined || transaction == null) return validation('Transaction not found');
    if (transaction.status !== 'successful') return validation('Only successful transactions can be refunded');
    const amount = readJson(request)?.amount;
    const text = typeof amount === 'number' ? String(amount) : amount;
    if (typeof text !== 'string' || !validAmount(text, checkout.currency)) return validation('amount is invalid');
    const minor = toMinor(text, checkout.currency);
    if (transaction.refunded + minor > toMinor(checkout.amount, checkout.currency)) {
      return validation('Refund amount cannot be greater than the transaction amount');
    }
    transaction.refunded += minor;
    const refund: Refund = { id: nextId++, txId: transaction.id, amount: text, status: refundStatus };
    refunds.push(refund);
    return {
      status: 200,
      body: {
        status: 'success',
        message: 'Transaction refund initiated',
        data: {
          id: refund.id,
          account_id: 73362,
          tx_id: transaction.id,
          flw_ref: `URF_${refund.id}`,
          wallet_id: 74639,
          amount_refunded: Number(text),
          status: refund.status,
          destination: 'payment_source',
          meta: { source: 'availablebalance' },
          created_at: '2026-11-26T10:05:00.000Z',
        },
      },
    };
  };

  const server = await startFakeHttpServer(route);
  url = server.url;

  const attempt = (reference: string, status: Transaction['status'], processorResponse: string) => {
    const checkout = checkouts.get(reference);
    if (checkout === undefined) throw new Error(`No Flutterwave checkout for ${reference}`);
    checkout.transaction = { id: nextId++, status, processorResponse, refunded: 0n };
  };
  const notification = (reference: string, webhookBaseUrl: string): ProviderNotification => {
    const checkout = checkouts.get(reference);
    if (checkout?.transaction == null) throw new Error(`The payer has not attempted ${reference} yet`);
    return {
      url: new URL(`${API_BASE_PATH}/webhooks/flutterwave`, webhookBaseUrl).toString(),
      headers: { 'verif-hash': credentials.secretHash },
      body: JSON.stringify({
        event: 'charge.completed',
        data: transactionData(checkout),
        'event.type': 'CARD_TRANSACTION',
      }),
    };
  };

  return {
    url,
    requests: server.requests,
    refunds,
    completePayment: (reference) => {
      attempt(reference, 'successful', 'Approved by Financial Institution');
    },
    failPayment: (reference, reason = 'Declined') => {
      attempt(reference, 'failed', reason);
    },
    paymentNotification: notification,
    refundNotification: () => {
      throw new Error('Flutterwave sends no refund notification the platform consumes');
    },
    failNextCall: server.failNextCall,
    setRefundStatus: (status) => {
      refundStatus = status;
    },
    transactionIdOf: (reference) => {
      const id = checkouts.get(reference)?.transaction?.id;
      if (id === undefined) throw new Error(`No Flutterwave transaction for ${reference}`);
      return String(id);
    },
    close: server.close,
  };
}

/** The transaction as verify and webhooks show it: amounts as JSON numbers in major units. */
function transactionData(checkout: Checkout): Json {
  const transaction = checkout.transaction;
  if (transaction === null) throw new Error('no transaction');
  return {
    id: transaction.id,
    tx_ref: checkout.txRef,
    flw_ref: `FLW-MOCK-${transaction.id}`,
    device_fingerprint: 'N/A',
    amount: Number(checkout.amount),
    currency: checkout.currency,
    charged_amount: Number(checkout.amount),
    app_fee: 0,
    merchant_fee: 0,
    processor_response: transaction.processorResponse,
    auth_model: 'PIN',
    narration: 'CARD Transaction ',
    status: transaction.status,
    payment_type: 'card',
    created_at: '2026-11-26T10:00:00.000Z',
    account_id: 17321,
    customer: { id: 215604089, name: 'Anonymous customer', phone_number: null, email: checkout.email },
  };
}

function validAmount(amount: string, currency: string): boolean {
  const code = parseCurrencyCode(currency);
  if (!code.ok || !DECIMAL.test(amount)) return false;
  const decimals = amount.split('.')[1]?.length ?? 0;
  return decimals <= currencyExponent(code.value);
}

function toMinor(amount: string, currency: string): bigint {
  const code = parseCurrencyCode(currency);
  if (!code.ok) throw new Error(currency);
  const exponent = currencyExponent(code.value);
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(whole + fraction.padEnd(exponent, '0'));
}

function readJson(request: FakeRequest): Json | undefined {
  if (!String(request.headers['content-type']).startsWith('application/json')) return undefined;
  try {
    return asObject(JSON.parse(request.body));
  } catch {
    return undefined;
  }
}

const asObject = (value: unknown): Json | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;

const validation = (message: string): FakeAnswer => ({ status: 400, body: { status: 'error', message, data: null } });
