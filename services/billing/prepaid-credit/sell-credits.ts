import { creditsValue } from '../../../domain/wallets';
import { issueCreditPurchaseInvoice, type InvoiceSql } from '../invoices';
import { recordCreditPurchase, type CreditSeller } from '../wallets';

/**
 * Paid credits are sold on a credit-purchase invoice, finalized at once, in the wallet's transaction: the invoice
 * bills credits × rate (rounded once, the PURCHASE transaction's amount too), then the purchase is recorded, SETTLED
 * or PENDING until that invoice is paid.
 */
export function sellCredits(sql: InvoiceSql): CreditSeller {
  return async (transaction, { wallet, credits, context }) => {
    const invoice = await issueCreditPurchaseInvoice(sql, transaction, {
      customerId: wallet.customerId,
      currency: wallet.currency,
      credits,
      rate: wallet.rate,
      amountMinor: creditsValue(credits, wallet.rate, wallet.currency),
      walletName: wallet.name,
      now: context.now,
    });
    if (invoice.status !== 'OPEN' && invoice.status !== 'PAID') {
      throw new Error(`credit-purchase invoice ${invoice.id} is ${invoice.status} after its finalize`);
    }
    const sold = { id: invoice.id, status: invoice.status };
    return recordCreditPurchase(sql, transaction, { wallet, credits, invoice: sold, context });
  };
}
