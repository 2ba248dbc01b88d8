import { defaultBaseUrl, refusalMessage, type MpesaCredentials } from '../providers';
import {
  GatewayError,
  type GatewayOptions,
  type PaymentGateway,
  type VerificationQuery,
  type VerifiedPayment,
} from './gateway';
import { mpesaReferenceOf, parseMpesaNotification } from './mpesa-notification';
import { darajaTimestamp, stkPassword } from './mpesa-password';
import { reversalBody, reversalRefusal, stkPushFields, type Body } from './mpesa-requests';
import { sharedMpesaTokens, type MpesaTokenCache } from './mpesa-token';
import { callProvider, isRetryableStatus, type ProviderAnswer } from './provider-http';
import { asObject, stringField } from './provider-json';

export const MPESA_CURRENCIES: ReadonlySet<string> = new Set(['KES']);

const INVALID_ACCESS_TOKEN = '404.001.03';
// "The transaction is being processed" (an error answer) or ResultCode 4999 "still under processing".
const STILL_PROCESSING = /being processed|still under processing/i;

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
  const post = async (path: string, body: Body): Promise<ProviderAnswer> => {
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
      const refused =
        answer.statusCode === 401 || stringField(asObject(answer.json), 'errorCode') === INVALID_ACCESS_TOKEN;
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
      const checkoutRequestId = stringField(asObject(answer.json), 'CheckoutRequestID') ?? null;
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
      const conversationId = stringField(asObject(answer.json), 'ConversationID') ?? null;
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

/**
 * The STK query answers ResultCode 0 (paid), 1032 (cancelled by the payer), 1037 (phone unreachable) or another
 * failure; while the payer has not answered it is an error saying the transaction is being processed. It reports no
 * amount (the prompt was for exactly the requested amount, which the payer cannot change) and no receipt number: the
 * CheckoutRequestID stands as the reference, and the receipt a reversal needs comes from the callback
 * (ParsedNotification.providerReference).
 */
function readStkQuery(query: VerificationQuery, answer: ProviderAnswer): VerifiedPayment {
  const body = asObject(answer.json);
  const says = `${stringField(body, 'errorMessage') ?? ''} ${stringField(body, 'ResultDesc') ?? ''}`;
  if (STILL_PROCESSING.test(says)) return { status: 'pending' };
  if (answer.statusCode !== 200 || !accepted(answer)) throw refusal('query the payment', answer);
  const resultCode = stringField(body, 'ResultCode') ?? null;
  if (resultCode === null) return { status: 'pending' };
  if (resultCode === '0' && query.providerCheckoutId !== null) {
    return {
      status: 'succeeded',
      amountMinor: query.amountMinor,
      currency: query.currency,
      providerReference: query.providerCheckoutId,
    };
  }
  return {
    status: 'failed',
    reason: stringField(body, 'ResultDesc') ?? `ResultCode ${resultCode}`,
    providerReference: null,
  };
}

const accepted = (answer: ProviderAnswer): boolean => stringField(asObject(answer.json), 'ResponseCode') === '0';

function refusal(action: string, answer: ProviderAnswer): GatewayError {
  const body = asObject(answer.json);
  const message =
    stringField(body, 'errorMessage') ??
    stringField(body, 'ResponseDescription') ??
    refusalMessage('MPESA', answer.statusCode, answer.text);
  return new GatewayError(
    `M-Pesa could not ${action}: ${message}`,
    isRetryableStatus(answer.statusCode),
    answer.statusCode,
  );
}
