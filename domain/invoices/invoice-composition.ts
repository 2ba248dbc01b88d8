import type { CurrencyCode } from '../money';
import { consumeWallet, type WalletConsumption, type WalletFunds } from '../wallets';
import { applyCoupons, type AppliedDiscount, type DiscountableInvoice } from './coupon-discount';
import type { InvoiceLineType } from './invoice-status';

/** Customer credit (from credit notes) the invoice may draw on, in the order the ledger spends it. */
export interface CreditSource {
  id: string;
  availableMinor: bigint;
}

export interface CreditDraw {
  sourceId: string;
  amountMinor: bigint;
}

/** What an invoice is for: credit purchases are paid in full, with neither customer credit nor wallet credits. */
export type InvoicePurpose = 'STANDARD' | 'CREDIT_PURCHASE';

/** An invoice that sells wallet credits bills them on a CREDIT line. */
export const invoicePurpose = (lines: readonly { type: InvoiceLineType }[]): InvoicePurpose =>
  lines.some((line) => line.type === 'CREDIT') ? 'CREDIT_PURCHASE' : 'STANDARD';

/** When an invoice is created: its lines and the customer's applied coupons. */
export type InvoiceAtCreation = DiscountableInvoice;

/** The amounts fixed when an invoice is created. */
export interface CreationComposition {
  subtotalMinor: bigint;
  discounts: AppliedDiscount[];
  discountMinor: bigint;
  /** 0 until taxes exist; the step is where they will go. */
  taxMinor: bigint;
  totalMinor: bigint;
}

/** When an invoice is finalized: its total and what may pay it. */
export interface InvoiceAtFinalize {
  currency: CurrencyCode;
  purpose: InvoicePurpose;
  totalMinor: bigint;
  /** In the order the ledger spends it. */
  customerCredit: readonly CreditSource[];
  /** The customer's ACTIVE wallet, if any. */
  wallet?: WalletFunds | undefined;
  amountPaidMinor?: bigint;
}

/** The amounts fixed when an invoice is finalized. */
export interface FinalizeComposition {
  credits: CreditDraw[];
  amountCreditedMinor: bigint;
  wallet: WalletConsumption | undefined;
  prepaidCreditAmountMinor: bigint;
  amountPaidMinor: bigint;
  amountDueMinor: bigint;
}

export type InvoiceToCompose = InvoiceAtCreation & Omit<InvoiceAtFinalize, 'totalMinor'>;

/** Every step of an invoice's amounts, as the API, the PDF and the `invoice.*` events show them. */
export type InvoiceComposition = CreationComposition & FinalizeComposition;

const sum = (amounts: readonly bigint[]): bigint => amounts.reduce((total, amount) => total + amount, 0n);
const min = (a: bigint, b: bigint): bigint => (a < b ? a : b);

/** Customer credit drawn in order, each source up to what it holds, until `dueMinor` is covered. */
export function drawCustomerCredit(sources: readonly CreditSource[], dueMinor: bigint): CreditDraw[] {
  const draws: CreditDraw[] = [];
  let left = dueMinor;
  for (const source of sources) {
    if (left <= 0n) break;
    const amountMinor = min(source.availableMinor, left);
    if (amountMinor <= 0n) continue;
    draws.push({ sourceId: source.id, amountMinor });
    left -= amountMinor;
  }
  return draws;
}

/**
 * Whether finalizing the invoice may draw credit at all: a standard invoice with something left to pay. Callers read
 * (and lock) the customer's credit and wallet only then.
 */
export const drawsCredit = (invoice: Pick<InvoiceAtFinalize, 'purpose' | 'totalMinor' | 'amountPaidMinor'>): boolean =>
  invoice.purpose === 'STANDARD' && invoice.totalMinor - (invoice.amountPaidMinor ?? 0n) > 0n;

/** The creation step: lines → coupons (in the order applied) → tax (0 for now) → total. */
export function composeAtCreation(invoice: InvoiceAtCreation): CreationComposition {
  const subtotalMinor = sum(invoice.lines.map((line) => line.amountMinor));
  const discounts = applyCoupons(invoice);
  const discountMinor = sum(discounts.map((discount) => discount.amountMinor));
  const taxMinor = 0n;
  return { subtotalMinor, discounts, discountMinor, taxMinor, totalMinor: subtotalMinor - discountMinor + taxMinor };
}

/**
 * The finalize step: total → customer credit from credit notes → wallet credits (granted before paid, oldest first),
 * each up to what is still due. `amountDue = max(0, total − amountCredited − prepaidCreditAmount − amountPaid)`. A
 * total below zero (a downgrade's proration) owes nothing and draws nothing. Credit purchases skip both credit steps.
 */
export function composeAtFinalize(invoice: InvoiceAtFinalize): FinalizeComposition {
  const amountPaidMinor = invoice.amountPaidMinor ?? 0n;
  const spends = drawsCredit(invoice);
  const credits = spends ? drawCustomerCredit(invoice.customerCredit, invoice.totalMinor - amountPaidMinor) : [];
  const amountCreditedMinor = sum(credits.map((draw) => draw.amountMinor));
  const dueBeforeWallet = invoice.totalMinor - amountPaidMinor - amountCreditedMinor;
  const wallet =
    spends && invoice.wallet !== undefined
      ? consumeWallet(invoice.wallet, dueBeforeWallet, invoice.currency)
      : undefined;
  const prepaidCreditAmountMinor = wallet?.amountMinor ?? 0n;
  const due = dueBeforeWallet - prepaidCreditAmountMinor;
  return {
    credits,
    amountCreditedMinor,
    wallet,
    prepaidCreditAmountMinor,
    amountPaidMinor,
    amountDueMinor: due > 0n ? due : 0n,
  };
}

/**
 * The one order every invoice is composed in: the creation step (lines → coupons → tax → total), then the finalize
 * step (customer credit → wallet credits → amount due). The services run the two at the moments the contract fixes:
 * coupons when the invoice is created, credit when it is finalized.
 */
export function composeInvoice(invoice: InvoiceToCompose): InvoiceComposition {
  const created = composeAtCreation(invoice);
  return { ...created, ...composeAtFinalize({ ...invoice, totalMinor: created.totalMinor }) };
}
