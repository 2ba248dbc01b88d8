import type { InvoiceStatus } from '../../domain/invoices';
import type { CurrencyCode } from '../../domain/money';

/** A postal address as a tenant stores it; `country` is ISO 3166-1 alpha-2, upper case. */
export interface PostalAddress {
  line1: string;
  line2: string | null;
  city: string;
  postalCode: string | null;
  state: string | null;
  country: string;
}

export interface InvoiceDocumentLine {
  description: string;
  /** Exact decimal ('1', '2.5'), as the invoice line stores it. */
  quantity: string;
  /**
   * Exact decimal in major units ('29', '-14.97', '0.0004'): usage unit prices carry more decimals than the
   * currency's minor unit (CONTRACT §5), so this one is not in minor units.
   */
  unitAmount: string;
  /** Minor units: the rounded line amount. */
  amount: bigint;
  periodStart: Date | null;
  periodEnd: Date | null;
}

/** One coupon's discount, as the invoice recorded it when it was made. */
export interface InvoiceDocumentDiscount {
  /** The coupon code at discount time. */
  code: string;
  /** Minor units, positive: what the coupon took off. */
  amount: bigint;
}

/** The seller as its documents print it: the tenant's company (its legal name), address and tax id. */
export interface DocumentSeller {
  companyName: string;
  email: string;
  address: PostalAddress | null;
  /** VAT number, EIN, ...; null when the tenant has given none. */
  taxId: string | null;
}

/** The billed customer as documents print it. */
export interface DocumentCustomer {
  name: string | null;
  email: string;
  externalId: string;
  country: string | null;
}

/** A credit note issued on the invoice, or a refund of a payment of it: listed under the totals. */
export interface InvoiceDocumentAdjustment {
  kind: 'credit_note' | 'refund';
  /** The credit note's number, or the refund's id. */
  reference: string;
  /** When it took effect: the credit note's issue, the refund's success. */
  date: Date;
  /** Minor units, positive: what was credited, or what went back to the customer. */
  amount: bigint;
}

/**
 * Everything an invoice PDF shows, and nothing it has to look up: rendering is a pure function of this value, so the
 * same invoice always gives the same bytes. Money is in minor units of `invoice.currency`.
 */
export interface InvoiceDocument {
  seller: DocumentSeller;
  customer: DocumentCustomer;
  invoice: {
    id: string;
    /** Null for a draft, which the PDF marks "DRAFT". */
    number: string | null;
    status: InvoiceStatus;
    currency: CurrencyCode;
    issuedAt: Date | null;
    dueDate: Date | null;
    lines: readonly InvoiceDocumentLine[];
    subtotal: bigint;
    discount: bigint;
    /** Per coupon, in the order applied, summing to `discount`; empty for an invoice no coupon discounted. */
    discounts: readonly InvoiceDocumentDiscount[];
    tax: bigint;
    total: bigint;
    amountCredited: bigint;
    prepaidCreditAmount: bigint;
    amountPaid: bigint;
    amountDue: bigint;
    /** The part of succeeded refunds that had paid this invoice: equal to `amountPaid` when all of it went back. */
    amountRefunded: bigint;
    /** Finalized credit notes and succeeded refunds, oldest first. */
    adjustments: readonly InvoiceDocumentAdjustment[];
  };
  /**
   * Where the customer pays online, while something is due and a link can be given; a stable link (not a checkout
   * session, which expires), so the same invoice state still renders the same bytes.
   */
  payUrl: string | null;
  /** IANA zone in which instants become calendar dates (issue, due, service periods). */
  timeZone: string;
  /** The PDF's CreationDate: a fixed instant from the record (not the clock) keeps the output byte-identical. */
  createdAt: Date;
}

/** What the invoice's own records give; payments add its refunds, credit notes and pay link. */
export type BilledInvoiceDocument = Omit<InvoiceDocument, 'invoice' | 'payUrl'> & {
  invoice: Omit<InvoiceDocument['invoice'], 'adjustments' | 'amountRefunded'>;
};
