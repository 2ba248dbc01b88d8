import { randomBytes } from 'node:crypto';
import type { MpesaCredentials } from '../../services/payments/providers';
import { startFakeHttpServer, type FakeAnswer, type FakeRequest } from './fake-http-server';
import type { FakeProvider } from './fake-provider';
import { receiptNumber, reversalResult, stkCallback, type Reversal, type StkPush } from './mpesa-fake-callbacks';

type Json = Record<string, unknown>;

export interface MpesaFake extends FakeProvider {
  /** OAuth token requests received so far (the token cache's effect). */
  tokenRequests(): number;
  /** Daraja stops taking every token issued so far (404.001.03 Invalid Access Token). */
  revokeTokens(): void;
  /** The payer's phone never answers: ResultCode 1037. */
  timeOutPayment(reference: string): void;
  checkoutRequestIdOf(reference: string): string;
  /** The M-Pesa receipt number of a completed payment (what a reversal names). */
  receiptOf(reference: string): string;
}

const KENYAN_MSISDN = /^254[17][0-9]{8}$/;
const badRequest = (message: string): FakeAnswer => ({
  status: 400,
  body: { requestId: requestId(), errorCode: '400.002.02', errorMessage: `Bad Request - ${message}` },
});
const requestId = () => `${randomBytes(2).toString('hex')}-${randomBytes(4).toString('hex')}-1`;
const token = (size: number) => randomBytes(size).toString('base64url');

/**
 * Safaricom Daraja as the gateway uses it: OAuth client credentials (Basic consumerKey:consumerSecret, token in
 * `access_token` with `expires_in` as a string), STK push and STK query (shortcode, base64(shortcode + passkey +
 * timestamp) password), the transaction reversal API, Daraja's `{requestId, errorCode, errorMessage}` errors, and the
 * callbacks it posts: `Body.stkCallback` to the push's CallBackURL and `Result` to the reversal's ResultURL.
 */
export async function startMpesaFake(credentials: MpesaCredentials): Promise<MpesaFake> {
  const pushes: StkPush[] = [];
  const reversals: Reversal[] = [];
  const validTokens = new Set<string>();
  let tokensIssued = 0;
  const basic = `Basic ${Buffer.from(`${credentials.consumerKey}:${credentials.consumerSecret}`).toString('base64')}`;

  const route = (request: FakeRequest): FakeAnswer => {
    if (request.method === 'GET' && request.pathname === '/oauth/v1/generate') {
      if (request.query.get('grant_type') !== 'client_credentials') return badRequest('Invalid grant type passed');
      if (request.headers.authorization !== basic) {
        return {
          status: 400,
          body: { requestId: '', errorCode: '400.008.01', errorMessage: 'Invalid Authentication passed' },
        };
      }
      const issued = token(21);
      validTokens.add(issued);
      tokensIssued += 1;
      return { status: 200, body: { access_token: issued, expires_in: '3599' } };
    }
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (bearer === undefined || !validTokens.has(bearer)) {
      return {
        status: 404,
        body: { requestId: requestId(), errorCode: '404.001.03', errorMessage: 'Invalid Access Token' },
      };
    }
    const body = readJson(request);
    if (request.method !== 'POST' || body === undefined) return badRequest('Invalid Request Payload');
    if (request.pathname === '/mpesa/stkpush/v1/processrequest') return stkPush(body);
    if (request.pathname === '/mpesa/stkpushquery/v1/query') return stkQuery(body);
    if (request.pathname === '/mpesa/reversal/v1/request') return reversal(body);
    return {
      status: 404,
      body: { requestId: requestId(), errorCode: '404.001.01', errorMessage: 'Resource not found' },
    };
  };

  const passwordProblem = (body: Json): string | null => {
    if (body.BusinessShortCode !== credentials.shortcode) return 'Invalid BusinessShortCode';
    if (typeof body.Timestamp !== 'string' || !/^[0-9]{14}$/.test(body.Timestamp)) return 'Invalid Timestamp';
    const expected = Buffer.from(`${credentials.shortcode}${credentials.passkey}${body.Timestamp}`).toString('base64');
    return body.Password === expected ? null : 'Invalid Password';
  };

  const stkPush = (body: Json): FakeAnswer => {
    const problem =
      passwordProblem(body) ??
      (body.TransactionType === 'CustomerPayBillOnline' ? null : 'Invalid TransactionType') ??
      (Number.isInteger(body.Amount) && Number(body.Amount) >= 1 ? null : 'Invalid Amount') ??
      (typeof body.PartyA === 'string' && KENYAN_MSISDN.test(body.PartyA) ? null : 'Invalid PartyA') ??
      (body.PhoneNumber === body.PartyA ? null : 'Invalid PhoneNumber') ??
      (body.PartyB === credentials.shortcode ? null : 'Invalid PartyB') ??
      (validUrl(body.CallBackURL) ? null : 'Invalid CallBackURL') ??
      (typeof body.AccountReference === 'string' && body.AccountReference.length <= 12
        ? null
        : 'Invalid AccountReference') ??
      (typeof body.TransactionDesc === 'string' && body.TransactionDesc.length <= 13
        ? null
        : 'Invalid TransactionDesc');
    if (problem !== null) return badRequest(problem);
    const callbackUrl = String(body.CallBackURL);
    const push: StkPush = {
      reference: new URL(callbackUrl).searchParams.get('reference') ?? '',
      merchantRequestId: requestId(),
      checkoutRequestId: `ws_CO_${String(body.Timestamp)}${randomBytes(4).toString('hex')}`,
      amount: Number(body.Amount),
      phone: String(body.PartyA),
      callbackUrl,
      result: null,
    };
    pushes.push(push);
    return {
      status: 200,
      body: {
        MerchantRequestID: push.merchantRequestId,
        CheckoutRequestID: push.checkoutRequestId,
        ResponseCode: '0',
        ResponseDescription: 'Success. Request accepted for processing',
        CustomerMessage: 'Success. Request accepted for processing',
      },
    };
  };

  const stkQuery = (body: Json): FakeAnswer => {
    const problem = passwordProblem(body);
    if (problem !== null) return badRequest(problem);
    const push = pushes.find((entry) => entry.checkoutRequestId === body.CheckoutRequestID);
    if (push === undefined) return badRequest('Invalid CheckoutRequestID');
    if (push.result === null) {
      return {
        status: 500,
        body: { requestId: requestId(), errorCode: '500.001.1001', errorMessage: 'The transaction is being processed' },
      };
    }
    return {
      status: 200,
      body: {
        ResponseCode: '0',
        ResponseDescription: 'The service request has been accepted successsfully',
        MerchantRequestID: push.merchantRequestId,
        CheckoutRequestID: push.checkoutRequestId,
        ResultCode: String(push.result.code),
        ResultDesc: push.result.desc,
      },
    };
  };

  const reversal = (body: Json): FakeAnswer => {
    const problem =
      (typeof body.Initiator === 'string' && typeof body.SecurityCredential === 'string'
        ? null
        : 'Invalid Initiator') ??
      (body.CommandID === 'TransactionReversal' ? null : 'Invalid CommandID') ??
      (typeof body.TransactionID === 'string' ? null : 'Invalid TransactionID') ??
      (Number.isInteger(body.Amount) && Number(body.Amount) >= 1 ? null : 'Invalid Amount') ??
      (body.ReceiverParty === credentials.shortcode ? null : 'Invalid ReceiverParty') ??
      (body.RecieverIdentifierType === '11' ? null : 'Invalid RecieverIdentifierType') ??
      (validUrl(body.ResultURL) && validUrl(body.QueueTimeOutURL) ? null : 'Invalid ResultURL') ??
      (typeof body.Remarks === 'string' && body.Remarks.length >= 2 && body.Remarks.length <= 100
        ? null
        : 'Invalid Remarks');
    if (problem !== null) return badRequest(problem);
    const resultUrl = String(body.ResultURL);
    const entry: Reversal = {
      refundId: new URL(resultUrl).searchParams.get('refund') ?? String(body.Occasion),
      transactionId: String(body.TransactionID),
      amount: Number(body.Amount),
      resultUrl,
      // Daraja checks the initiator asynchronously: a wrong one is the result's ResultCode 2001.
      initiatorValid:
        body.Initiator === credentials.initiatorName && body.SecurityCredential === credentials.securityCredential,
      originatorConversationId: `${randomBytes(4).toString('hex')}-${randomBytes(6).toString('hex')}`,
      conversationId: `AG_20261126_${randomBytes(10).toString('hex')}`,
    };
    reversals.push(entry);
    return {
      status: 200,
      body: {
        OriginatorConversationID: entry.originatorConversationId,
        ConversationID: entry.conversationId,
        ResponseCode: '0',
        ResponseDescription: 'Accept the service request successfully.',
      },
    };
  };

  const server = await startFakeHttpServer(route);

  const pushOf = (reference: string): StkPush => {
    const push = pushes.findLast((entry) => entry.reference === reference);
    if (push === undefined) throw new Error(`No STK push for ${reference}`);
    return push;
  };
  const settle = (reference: string, result: NonNullable<StkPush['result']>) => {
    pushOf(reference).result = result;
  };

  return {
    url: server.url,
    requests: server.requests,
    completePayment: (reference) => {
      settle(reference, { code: 0, desc: 'The service request is processed successfully.', receipt: receiptNumber() });
    },
    failPayment: (reference, reason = 'Request cancelled by user') => {
      settle(reference, { code: 1032, desc: reason, receipt: null });
    },
    timeOutPayment: (reference) => {
      settle(reference, { code: 1037, desc: 'DS timeout user cannot be reached', receipt: null });
    },
    paymentNotification: (reference) => stkCallback(pushOf(reference)),
    refundNotification: (refundId, _webhookBaseUrl, outcome = 'succeeded') => {
      const entry = reversals.findLast((candidate) => candidate.refundId === refundId);
      if (entry === undefined) throw new Error(`No reversal for ${refundId}`);
      const reversed = pushes.find((push) => push.result?.receipt === entry.transactionId);
      return reversalResult(entry, reversed === undefined, outcome);
    },
    failNextCall: server.failNextCall,
    tokenRequests: () => tokensIssued,
    revokeTokens: () => {
      validTokens.clear();
    },
    checkoutRequestIdOf: (reference) => pushOf(reference).checkoutRequestId,
    receiptOf: (reference) => {
      const receipt = pushOf(reference).result?.receipt;
      if (receipt == null) throw new Error(`${reference} was not paid`);
      return receipt;
    },
    close: server.close,
  };
}

function validUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

function readJson(request: FakeRequest): Json | undefined {
  if (!String(request.headers['content-type']).startsWith('application/json')) return undefined;
  try {
    const value: unknown = JSON.parse(request.body);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
  } catch {
    return undefined;
  }
}
