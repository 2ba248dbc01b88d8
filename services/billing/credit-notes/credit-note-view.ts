import { presentMajorUnits } from '../../../domain/money';
import type { CreditNoteRecord } from './credit-note-records';

/** A type alias, not an interface, so that a view is also a `Record<string, unknown>` (outbox event data). */
export type CreditNoteView = {
  id: string;
  number: string | null;
  invoiceId: string;
  customerId: string;
  currency: string;
  reason: CreditNoteRecord['reason'];
  description: string | null;
  amount: number;
  items: { description: string; amount: number }[];
  status: CreditNoteRecord['status'];
  issuedAt: string | null;
  voidedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

/** The credit note exactly as the API presents it (CONTRACT §7): money as numbers in major units. */
export function creditNoteView(note: CreditNoteRecord): CreditNoteView {
  const money = (amount: bigint): number => presentMajorUnits({ amount, currency: note.currency });
  return {
    id: note.id,
    number: note.number,
    invoiceId: note.invoiceId,
    customerId: note.customerId,
    currency: note.currency,
    reason: note.reason,
    description: note.description,
    amount: money(note.amountMinor),
    items: note.items.map((item) => ({ description: item.description, amount: money(item.amountMinor) })),
    status: note.status,
    issuedAt: note.issuedAt?.toISOString() ?? null,
    voidedAt: note.voidedAt?.toISOString() ?? null,
    createdAt: note.createdAt.toISOString(),
    updatedAt: note.updatedAt.toISOString(),
  };
}
