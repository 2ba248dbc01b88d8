import { firstCodePoints } from '../../../domain/text/code-points';
import { currencyExponent, formatMajorUnits, type CurrencyCode } from '../../../domain/money';
import type { MpesaCredentials } from '../providers';
import { GatewayError, type CheckoutRequest, type RefundRequest } from './gateway';

/** A request body we build (JSON). */
export type Body = Record<string, unknown>;

// Daraja's field limits: AccountReference up to 12 characters, TransactionDesc up to 13, Remarks 2 to 100.
const ACCOUNT_REFERENCE_MAX = 12;
const TRANSACTION_DESC_MAX = 13;
const REMARKS_MAX = 100;
// A Safaricom number in international form without '+': 254 then 9 digits (07xx / 01xx numbers).
const KENYAN_MSISDN = /^254[0-9]{9}$/;
// M-Pesa receipt numbers (what a reversal names) are 10 upper-case letters and digits, e.g. NLJ7RT61SV.
const MPESA_RECEIPT = /^[A-Z0-9]{10}$/;

/** The STK push fields besides the shortcode, password and timestamp; refuses what Daraja cannot charge. */
export function stkPushFields(request: CheckoutRequest, credentials: MpesaCredentials): Body {
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
    AccountReference: firstCodePoints(label, ACCOUNT_REFERENCE_MAX),
    TransactionDesc: firstCodePoints(label, TRANSACTION_DESC_MAX),
  };
}

/** Why a refund cannot be asked of Daraja at all, or null. */
export function reversalRefusal(request: RefundRequest, credentials: MpesaCredentials): string | null {
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

export function reversalBody(request: RefundRequest, credentials: MpesaCredentials): Body {
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
    Remarks: remarks.length >= 2 ? firstCodePoints(remarks, REMARKS_MAX) : 'Refund',
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
