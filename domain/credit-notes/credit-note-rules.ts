import type { InvoiceStatus } from '../invoices/invoice-status';

/** Mirrors the stored statuses (CONTRACT §7). */
export const CREDIT_NOTE_STATUSES = ['DRAFT', 'FINALIZED', 'VOIDED'] as const;
export type CreditNoteStatus = (typeof CREDIT_NOTE_STATUSES)[number];

export const CREDIT_NOTE_REASONS = ['DUPLICATE', 'PRODUCT_UNSATISFACTORY', 'ORDER_CHANGE', 'OTHER'] as const;
export type CreditNoteReason = (typeof CREDIT_NOTE_REASONS)[number];

export type CreditNoteAction = 'create' | 'update' | 'finalize' | 'void';

const ALLOWED: Readonly<Record<Exclude<CreditNoteAction, 'create'>, CreditNoteStatus>> = {
  update: 'DRAFT',
  finalize: 'DRAFT',
  void: 'FINALIZED',
};

/** Undefined when the action is allowed on a credit note in `status`, otherwise why not. */
export function refuseCreditNoteTransition(
  status: CreditNoteStatus,
  action: Exclude<CreditNoteAction, 'create'>,
): string | undefined {
  if (ALLOWED[action] === status) return undefined;
  const verb = { update: 'updated', finalize: 'finalized', void: 'voided' }[action];
  return `A credit note in status ${status} cannot be ${verb} (only a ${ALLOWED[action]} one can)`;
}

/**
 * Credit is issued only against an invoice the customer was billed with: OPEN (awaiting payment) or PAID. A DRAFT can
 * simply be edited, and a VOIDED or UNCOLLECTIBLE one asks nothing of the customer any more.
 */
export function refuseInvoiceForCredit(invoiceStatus: InvoiceStatus): string | undefined {
  if (invoiceStatus === 'OPEN' || invoiceStatus === 'PAID') return undefined;
  return `Credit notes can only be issued against an OPEN or PAID invoice; this invoice is ${invoiceStatus}`;
}

/** A credit note's item: a positive amount in minor units. */
export interface CreditNoteItemInput {
  description: string;
  amountMinor: bigint;
}

/**
 * The amount of a credit note from exactly one of an amount and items (their sum). Undefined when neither or both
 * are given or an amount is not positive: callers validate the shape first, so that is a broken invariant for them.
 */
export function creditNoteAmount(input: {
  amountMinor?: bigint | undefined;
  items?: readonly CreditNoteItemInput[] | undefined;
}): bigint | undefined {
  const { amountMinor, items } = input;
  if ((amountMinor === undefined) === (items === undefined)) return undefined;
  if (items !== undefined) {
    if (items.length === 0 || items.some((item) => item.amountMinor <= 0n)) return undefined;
    return items.reduce((sum, item) => sum + item.amountMinor, 0n);
  }
  return amountMinor !== undefined && amountMinor > 0n ? amountMinor : undefined;
}

/**
 * The cap of CONTRACT §7: the invoice's DRAFT and FINALIZED credit notes (`otherNotesMinor`, this one excluded)
 * plus this one never exceed the invoice total.
 */
export function fitsInvoiceTotal(input: {
  invoiceTotalMinor: bigint;
  otherNotesMinor: bigint;
  amountMinor: bigint;
}): boolean {
  return input.otherNotesMinor + input.amountMinor <= input.invoiceTotalMinor;
}
