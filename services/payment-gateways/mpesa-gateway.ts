import { currencyExponent, formatMajorUnits, type CurrencyCode } from '../../domain/money';
import { defaultBaseUrl, refusalMessage, type MpesaCredentials } from '../payment-providers';
import {
  GatewayError,
  type CheckoutRequest,
  type GatewayOptions,
  type PaymentGateway,
  type RefundRequest,
  type VerificationQuery,
  type VerifiedPayment,
} from './gateway';
import { mpesaReferenceOf, parseMpesaNotification } from './mpesa-notification';
import { darajaTimestamp, stkPassword } from './mpesa-password';
import { sharedMpesaTokens, type MpesaTokenCache } from './mpesa-token';
import { callProvider, isRetryableStatus, type ProviderAnswer } from './provider-http';

type Json = Record<string, unknown>;

const asObject = (value: unknown): Json | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
const asText = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;

export const MPESA_CURRENCIES: ReadonlySet<string> = new Set(['KES']);

// Daraja's field limits: AccountReference up to 12 characters, TransactionDesc up to 13, Remarks 2 to 100.
const ACCOUNT_REFERENCE_MAX = 12;
const TRANSACTION_DESC_MAX = 13;
const REMARKS_MAX = 100;
// A Safaricom number in international form without '+': 254 then 9 digits (07xx / 01xx numbers).
const KENYAN_MSISDN = /^254[0-9]{9}$/;
// M-Pesa receipt numbers (what a reversal names) are 10 upper-case letters and digits, e.g. NLJ7RT61SV.
const MPESA_RECEIPT = /^[A-Z0-9]{10}$/;
const INVALID_ACCESS_TOKEN = '404.001.03';
const STILL_PROCESSING = /being processed/i;

/**
 * M-Pesa Daraja (issue 17): Lipa na M-Pesa Online (STK push to the payer's phone), the STK query for verification,
 * the transaction reversal API for refunds, and the callbacks Daraja posts to the URLs we give it. Every call carries
 * an OAuth access token (client credentials), cached per base URL and consumer key. KES only, whole shillings.
 */
export function createMpesaGateway(
  credentials: MpesaCredentials,
  options: GatewayOptions,
  tokens: MpesaTokenCache = sharedMpesaTokens,
): PaymentGateway {
  const base = defaultBaseUrl({ provider: 'MPESA', credentials });
  const cacheKey = `${options.apiBaseUrl ?? base}|${credentials.consumerKey}`;
  const basic = Buffer.from(`${credentials.consumerKey}:${credentials.consumerSecret}`).toString('base64');
  const accessToken = () =>
    tokens.token(cacheKey, options.clock, () =>
      callProvider(options, {
        defaultBaseUrl: base,
        method: 'GET',
        path: '/oauth/v1/generate?grant_type=client_credentials',
        headers: { authorization: `Basic ${basic}`, accept: 'application/json' },
      }),
    );
  // A token Daraja no longer takes (revoked, or our clock ahead of its) is dropped and the call made once more.
  const post = async (path: string, body: Json): Promise<ProviderAnswer> => {
    for (let attempt = 1; ; attempt += 1) {
      const answer = await callProvider(options, {
        defaultBaseUrl: base,
        method: 'POST',
        path,
        headers: {
          authorization: `Bearer ${await accessToken()}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify(body),
      });
      const refused = answer.statusCode === 401 || asText(asObject(answer.json)?.errorCode) === INVALID_ACCESS_TOKEN;
      if (!refused || attempt === 2) return answer;
      tokens.forget(cacheKey);
    }
  };
  const stkAuth = () => {
    const timestamp = darajaTimestamp(options.clock.now());
    return {
      BusinessShortCode: credentials.shortcode,
      Password: stkPassword(credentials.shortcode, credentials.passkey, timestamp),
      Timestamp: timestamp,
    };
  };

  return {
    provider: 'MPESA',
    currencies: MPESA_CURRENCIES,
    async createCheckout(request) {
      const body = { ...stkAuth(), ...stkPushFields(request, credentials) };
      const answer = await post('/mpesa/stkpush/v1/processrequest', body);
      const checkoutRequestId = asText(asObject(answer.json)?.CheckoutRequestID);
      if (answer.statusCode !== 200 || !accepted(answer) || checkoutRequestId === null) {
        throw refusal('send the payment prompt', answer);
      }
      return { checkoutUrl: null, providerCheckoutId: checkoutRequestId, expiresAt: request.expiresAt };
    },
    async verifyPayment(query) {
      // Without a CheckoutRequestID no prompt was sent: nothing to ask, the payment simply expires.
      if (query.providerCheckoutId === null) return { status: 'pending' };
      const body = { ...stkAuth(), CheckoutRequestID: query.providerCheckoutId };
      return readStkQuery(query, await post('/mpesa/stkpushquery/v1/query', body));
    },
    async refund(request) {
      const refused = reversalRefusal(request, credentials);
      if (refused !== null) return { status: 'failed', reason: refused, providerRefundId: null };
      const answer = await post('/mpesa/reversal/v1/request', reversalBody(request, credentials));
      if (isRetryableStatus(answer.statusCode)) throw refusal('request the reversal', answer);
      const conversationId = asText(asObject(answer.json)?.ConversationID);
      if (answer.statusCode !== 200 || !accepted(answer)) {
        const reason = refusalMessage('MPESA', answer.statusCode, answer.text);
        return { status: 'failed', reason, providerRefundId: conversationId };
      }
      // Reversals are asynchronous: the outcome arrives on the ResultURL (a 'refund' notification).
      return { status: 'pending', providerRefundId: conversationId };
    },
    referenceOf: mpesaReferenceOf,
    verifyNotification: parseMpesaNotification,
  };
}

function stkPushFields(request: CheckoutRequest, credentials: MpesaCredentials): Json {
  if (request.currency !== 'KES') throw new GatewayError(`M-Pesa takes KES only, not ${request.currency}`, false);
  const amount = wholeShillings(request.amountMinor, request.currency);
  if (amount === null) {
    const shown = formatMajorUnits({ amount: request.amountMinor, currency: request.currency });
    throw new GatewayError(`M-Pesa charges whole shillings only: KES ${shown} cannot be requested`, false);
  }
  const phone = (request.phoneNumber ?? '').replace(/^\+/, '');
  if (!KENYAN_MSISDN.test(phone)) {
    throw new GatewayError('M-Pesa needs a Kenyan phone number in E.164 form (+254…) to prompt the payer', false);
  }
  const label = request.description.trim() === '' ? request.reference : request.description.trim();
  return {
    TransactionType: 'CustomerPayBillOnline',
    Amount: amount,
    PartyA: phone,
    PartyB: credentials.shortcode,
    PhoneNumber: phone,
    CallBackURL: request.callbackUrl,
    AccountReference: label.slice(0, ACCOUNT_REFERENCE_MAX),
    TransactionDesc: label.slice(0, TRANSACTION_DESC_MAX),
  };
}

/**
 * The STK query answers ResultCode 0 (paid), 1032 (cancelled by the payer), 1037 (phone unreachable) or another
 * failure; while the payer has not answered it is an error saying the transaction is being processed. It reports no
 * amount (the prompt was for exactly the requested amount, which the payer cannot change) and no receipt number: the
 * CheckoutRequestID stands as the reference, and the receipt a reversal needs comes from the callback
 * (ParsedNotification.providerReference).
 */
function readStkQuery(query: VerificationQuery, answer: ProviderAnswer): VerifiedPayment {
  const body = asObject(answer.json);
  if (STILL_PROCESSING.test(asText(body?.errorMessage) ?? '')) return { status: 'pending' };
  if (answer.statusCode !== 200 || !accepted(answer)) throw refusal('query the payment', answer);
  const resultCode = asText(body?.ResultCode);
  if (resultCode === null) return { status: 'pending' };
  if (resultCode === '0' && query.providerCheckoutId !== null) {
    return {
      status: 'succeeded',
      amountMinor: query.amountMinor,
      currency: query.currency,
      providerReference: query.providerCheckoutId,
    };
  }
  return { status: 'failed', reason: asText(body?.ResultDesc) ?? `ResultCode ${resultCode}`, providerReference: null };
}

function reversalRefusal(request: RefundRequest, credentials: MpesaCredentials): string | null {
  if (credentials.initiatorName === undefined || credentials.securityCredential === undefined) {
    return 'M-Pesa reversals need the initiator name and security credential in the provider’s credentials';
  }
  if (!MPESA_RECEIPT.test(request.providerReference)) {
    return 'No M-Pesa receipt number is known for this payment (its callback never came): reverse it in the M-Pesa portal';
  }
  if (request.currency !== 'KES' || wholeShillings(request.amountMinor, request.currency) === null) {
    return 'M-Pesa reverses whole shillings only';
  }
  return null;
}

function reversalBody(request: RefundRequest, credentials: MpesaCredentials): Json {
  const remarks = (request.reason ?? '').trim();
  return {
    Initiator: credentials.initiatorName,
    SecurityCredential: credentials.securityCredential,
    CommandID: 'TransactionReversal',
    TransactionID: request.providerReference,
    Amount: wholeShillings(request.amountMinor, request.currency),
    ReceiverParty: credentials.shortcode,
    // 11: the receiving party is an organisation shortcode (Daraja's spelling of the field name).
    RecieverIdentifierType: '11',
    ResultURL: request.callbackUrl,
    QueueTimeOutURL: request.callbackUrl,
    Remarks: remarks.length >= 2 ? remarks.slice(0, REMARKS_MAX) : 'Refund',
    Occasion: request.refundId,
  };
}

/** Minor units to whole shillings, exactly; null when there are cents, nothing to charge, or past 2^53. */
function wholeShillings(amountMinor: bigint, currency: CurrencyCode): number | null {
  const unit = 10n ** BigInt(currencyExponent(currency));
  if (amountMinor <= 0n || amountMinor % unit !== 0n) return null;
  const shillings = amountMinor / unit;
  return shillings > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(shillings);
}

const accepted = (answer: ProviderAnswer): boolean => asText(asObject(answer.json)?.ResponseCode) === '0';

function refusal(action: string, answer: ProviderAnswer): GatewayError {
  const body = asObject(answer.json);
  const message =
    asText(body?.errorMessage) ??
    asText(body?.ResponseDescription) ??
    refusalMessage('MPESA', answer.statusCode, answer.text);
  return new GatewayError(
    `M-Pesa could not ${action}: ${message}`,
    isRetryableStatus(answer.statusCode),
    answer.statusCode,
  );
}
