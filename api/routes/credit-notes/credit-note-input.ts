import { parseMajorUnits, type CurrencyCode } from '../../../domain/money';
import type { CreditNoteItemRecord } from '../../../services/billing/credit-notes';
import type { NewCreditNote } from '../../../services/billing/credit-notes';
import type { CreditNoteChange } from '../../../services/billing/credit-notes';
import { validationFailed, type ErrorDetail } from '../../../services/platform/errors';
import type { CreateCreditNoteBody, UpdateCreditNoteBody } from './schema';

/**
 * An amount with no more decimals than the currency has (the schema holds it above 0); a problem goes to `details`
 * under `path`.
 */
function readAmount(amount: number, currency: CurrencyCode, path: string, details: ErrorDetail[]): bigint | undefined {
  const parsed = parseMajorUnits(amount, currency);
  if (!parsed.ok) return void details.push({ path, message: parsed.error.message });
  return parsed.value.amount;
}

interface AmountInput {
  amount?: number | undefined;
  items?: { description: string; amount: number }[] | undefined;
}

/** Exactly one of amount and items, in minor units; every problem is collected so one 400 names each field. */
function readCredit(
  body: AmountInput,
  currency: CurrencyCode,
  required: boolean,
): { amountMinor?: bigint; items?: CreditNoteItemRecord[] } {
  const details: ErrorDetail[] = [];
  if (body.amount !== undefined && body.items !== undefined) {
    throw validationFailed([{ path: 'body.items', message: 'give amount or items, not both' }]);
  }
  if (required && body.amount === undefined && body.items === undefined) {
    throw validationFailed([{ path: 'body.amount', message: 'is required (or items)' }]);
  }
  const amountMinor = body.amount === undefined ? undefined : readAmount(body.amount, currency, 'body.amount', details);
  const items = body.items?.map((item, index) => ({
    description: item.description,
    amountMinor: readAmount(item.amount, currency, `body.items.${index}.amount`, details) ?? 0n,
  }));
  if (details.length > 0) throw validationFailed(details);
  return { ...(amountMinor === undefined ? {} : { amountMinor }), ...(items === undefined ? {} : { items }) };
}

/** POST /credit-notes: always a DRAFT; `currency` is the invoice's. */
export function toNewCreditNote(body: CreateCreditNoteBody, currency: CurrencyCode, now: Date): NewCreditNote {
  return {
    invoiceId: body.invoiceId,
    reason: body.reason,
    ...readCredit(body, currency, true),
    description: body.description ?? null,
    finalize: false,
    now,
  };
}

/** PATCH /credit-notes/:id; `currency` is the credit note's. */
export function toCreditNoteChange(body: UpdateCreditNoteBody, currency: CurrencyCode, now: Date): CreditNoteChange {
  return {
    ...(body.reason === undefined ? {} : { reason: body.reason }),
    ...(body.description === undefined ? {} : { description: body.description }),
    ...readCredit(body, currency, false),
    now,
  };
}
