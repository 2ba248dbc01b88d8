import { formatDecimal, type CurrencyCode, type Decimal } from '../../../domain/money';
import { formatCredits, type CreditUnits } from '../../../domain/wallets';
import type { SqlTransaction } from '../../../infra/db/sql';
import { createInvoiceInTransaction } from './create-invoice';
import type { InvoiceRecord, InvoiceSql } from './invoice-records';

export interface CreditSale {
  customerId: string;
  currency: CurrencyCode;
  credits: CreditUnits;
  /** The value of one credit, in major units. */
  rate: Decimal;
  /** credits × rate, rounded once: what the customer pays. */
  amountMinor: bigint;
  walletName: string | null;
  now: Date;
}

/**
 * The invoice that sells wallet credits: one CREDIT line (credits × rate), numbered and finalized at once whatever
 * the grace period, payable through checkout like any invoice. No coupon applies to it (coupons discount
 * subscription lines and usage), and at finalize it takes neither customer credit nor wallet credits. Returns it as
 * finalized: OPEN, or PAID when there is nothing to pay.
 */
export async function issueCreditPurchaseInvoice(
  sql: InvoiceSql,
  transaction: SqlTransaction,
  sale: CreditSale,
): Promise<InvoiceRecord> {
  const description = sale.walletName === null ? 'Prepaid credits' : `Prepaid credits: ${sale.walletName}`;
  return createInvoiceInTransaction(sql, transaction, {
    customerId: sale.customerId,
    currency: sale.currency,
    lines: [
      {
        type: 'CREDIT',
        description,
        quantity: formatCredits(sale.credits),
        unitAmount: formatDecimal(sale.rate),
        amountMinor: sale.amountMinor,
      },
    ],
    autoFinalize: true,
    skipGracePeriod: true,
    now: sale.now,
  });
}
