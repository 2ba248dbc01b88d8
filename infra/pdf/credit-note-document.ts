import type { CreditNoteReason, CreditNoteStatus } from '../../domain/credit-notes';
import type { CurrencyCode } from '../../domain/money';
import type { DocumentCustomer, DocumentSeller } from './invoice-document';

/** One credited item; a note made from an amount alone is drawn as one item of its own. */
export interface CreditNoteDocumentItem {
  description: string;
  /** Minor units, positive: what this item credits. */
  amount: bigint;
}

/**
 * Everything a credit-note PDF shows, and nothing it has to look up: rendering is a pure function of this value.
 * Money is in minor units of `creditNote.currency`, the credited invoice's currency.
 */
export interface CreditNoteDocument {
  seller: DocumentSeller;
  customer: DocumentCustomer;
  creditNote: {
    id: string;
    /** Null for a draft, which the PDF marks "DRAFT". */
    number: string | null;
    status: CreditNoteStatus;
    reason: CreditNoteReason;
    description: string | null;
    currency: CurrencyCode;
    issuedAt: Date | null;
    voidedAt: Date | null;
    amount: bigint;
    /** Empty when the note was made from an amount alone. */
    items: readonly CreditNoteDocumentItem[];
  };
  /** The invoice it credits: its number (null only if it were still a draft) and its id. */
  invoice: { id: string; number: string | null; issuedAt: Date | null };
  /** IANA zone in which instants become calendar dates. */
  timeZone: string;
  /** The PDF's CreationDate: from the record, never the clock, so the same note gives the same bytes. */
  createdAt: Date;
}
