import { presentMajorUnits } from '../../../domain/money';
import { ongoingWalletView } from '../../../services/billing/wallets';
import type { BillingOverview } from '../../../services/portal/customer-portal';
import { presentCustomer } from '../customers/presenter';
import { presentSubscription } from '../subscriptions/presenter';
import type { PortalBillingJson } from './schema';

export function presentBillingOverview(overview: BillingOverview): PortalBillingJson {
  const { wallet } = overview;
  return {
    customer: presentCustomer(overview.customer),
    subscriptions: overview.subscriptions.map(presentSubscription),
    outstanding: overview.outstanding.map(({ currency, amountDueMinor }) => ({
      currency,
      amountDue: presentMajorUnits({ amount: amountDueMinor, currency }),
    })),
    wallet: wallet === undefined ? null : ongoingWalletView(wallet.wallet, wallet.ongoing),
    nextInvoiceAt: overview.nextInvoiceAt?.toISOString() ?? null,
  };
}
