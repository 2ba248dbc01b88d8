import type { Clock } from '../../../domain/clock';
import type { CreditNoteReason } from '../../../domain/credit-notes';
import type { CurrencyCode } from '../../../domain/money';
import { validationFailed, type ErrorDetail } from '../../platform/errors';
import { collectMajorUnits } from '../../platform/input';
import { createCreditNote, type NewCreditNote } from './create-credit-note';
import { findInvoiceCurrency } from '../invoices';
import { findCreditNote, refusal, type CreditNoteItemRecord, type CreditNoteOutcome } from './credit-note-records';
import { updateCreditNote, type CreditNoteChange } from './update-credit-note';
import { creditNoteTime, customerTimeOf, invoiceTime, type CreditNoteTimeSql } from './credit-note-business-time';
import { finalizeCreditNote } from './finalize-credit-note';
import { voidCreditNote } from './void-credit-note';

/** Amounts as a caller writes them: major units of the invoice's currency (12.5 is 12.50 USD, 1250 JPY). */
interface RequestedAmounts {
  amount?: number | undefined;
  items?: { description: string; amount: number }[] | undefined;
}

export interface CreditNoteRequest extends RequestedAmounts {
  invoiceId: string;
  reason: CreditNoteReason;
  description?: string | null | undefined;
  /** Same key again returns the credit note the first request made. */
  idempotencyKey?: string | undefined;
  /** The wall clock: the request happens at the customer's business time, read from it. */
  clock: Clock;
}

export interface CreditNoteChangeRequest extends RequestedAmounts {
  reason?: CreditNoteReason | undefined;
  description?: string | null | undefined;
  /** The wall clock: the request happens at the customer's business time, read from it. */
  clock: Clock;
}

/**
 * An amount with no more decimals than the currency has (the schema holds it above 0); a problem goes to `details`
 * under `path`.
 */
const readAmount = (amount: number, currency: CurrencyCode, path: string, details: ErrorDetail[]) =>
  collectMajorUnits(amount, currency, path, details);

/** Exactly one of amount and items, in minor units; every problem is collected so one 400 names each field. */
function readCredit(
  requested: RequestedAmounts,
  currency: CurrencyCode,
  required: boolean,
): { amountMinor?: bigint; items?: CreditNoteItemRecord[] } {
  const details: ErrorDetail[] = [];
  if (requested.amount !== undefined && requested.items !== undefined) {
    throw validationFailed([{ path: 'body.items', message: 'give amount or items, not both' }]);
  }
  if (required && requested.amount === undefined && requested.items === undefined) {
    throw validationFailed([{ path: 'body.amount', message: 'is required (or items)' }]);
  }
  const amountMinor =
    requested.amount === undefined ? undefined : readAmount(requested.amount, currency, 'body.amount', details);
  const items = requested.items?.map((item, index) => ({
    description: item.description,
    amountMinor: readAmount(item.amount, currency, `body.items.${index}.amount`, details) ?? 0n,
  }));
  if (details.length > 0) throw validationFailed(details);
  return { ...(amountMinor === undefined ? {} : { amountMinor }), ...(items === undefined ? {} : { items }) };
}

/** A DRAFT credit note as the API asks for one: its amounts are read in the invoice's currency. */
export async function createRequestedCreditNote(
  sql: CreditNoteTimeSql,
  request: CreditNoteRequest,
): Promise<CreditNoteOutcome> {
  const now = await invoiceTime(sql, request.invoiceId, request.clock);
  const currency = await findInvoiceCurrency(sql, request.invoiceId);
  if (currency === undefined) return refusal('invoice_not_found', `Invoice ${request.invoiceId} not found`);
  const note: NewCreditNote = {
    invoiceId: request.invoiceId,
    reason: request.reason,
    ...readCredit(request, currency, true),
    description: request.description ?? null,
    finalize: false,
    now,
    ...(request.idempotencyKey === undefined ? {} : { idempotencyKey: request.idempotencyKey }),
  };
  return createCreditNote(sql, note);
}

/** A PATCH of a DRAFT as the API asks for it: new amounts are read in the credit note's currency. */
export async function changeRequestedCreditNote(
  sql: CreditNoteTimeSql,
  creditNoteId: string,
  request: CreditNoteChangeRequest,
): Promise<CreditNoteOutcome> {
  const note = await findCreditNote(sql, creditNoteId);
  if (note === undefined) return refusal('credit_note_not_found', `Credit note ${creditNoteId} not found`);
  const change: CreditNoteChange = {
    ...(request.reason === undefined ? {} : { reason: request.reason }),
    ...(request.description === undefined ? {} : { description: request.description }),
    ...readCredit(request, note.currency, false),
    now: await customerTimeOf(sql, note.customerId, request.clock),
  };
  return updateCreditNote(sql, creditNoteId, change);
}

/** POST /credit-notes/:id/finalize at the customer's business time. */
export async function finalizeRequestedCreditNote(
  sql: CreditNoteTimeSql,
  creditNoteId: string,
  clock: Clock,
): Promise<CreditNoteOutcome> {
  return finalizeCreditNote(sql, creditNoteId, await creditNoteTime(sql, creditNoteId, clock));
}

/** POST /credit-notes/:id/void at the customer's business time. */
export async function voidRequestedCreditNote(
  sql: CreditNoteTimeSql,
  creditNoteId: string,
  clock: Clock,
): Promise<CreditNoteOutcome> {
  return voidCreditNote(sql, creditNoteId, await creditNoteTime(sql, creditNoteId, clock));
}
