import { presentMajorUnits } from '../../domain/money';
import { formatUnits } from '../../domain/usage';
import { invoiceView } from '../../services/billing/invoices';
import { ongoingWalletView, walletTransactionView } from '../../services/billing/wallets';
import type { PortalPage, PortalSubscription } from '../../services/portal/customer-portal';
import { paymentView } from '../../services/payments/records';
import type { PageFormat } from './intl-format';

/**
 * The page's content as display strings, made once per request from the read model with the customer's formats, so
 * the templates only place text (and Eta escapes every bit of it).
 */
export interface PageView {
  companyName: string;
  customerName: string;
  outstanding: string[];
  subscriptions: SubscriptionView[];
  invoices: InvoiceRowView[];
  payments: PaymentRowView[];
  wallet: WalletPanelView | undefined;
}

export interface SubscriptionView {
  id: string;
  planName: string;
  price: string;
  status: string;
  renewsOn: string;
  cancelsOn: string;
  /** A cancellation at period end may be asked (a period runs, none scheduled) or taken back (one is scheduled). */
  cancellable: boolean;
  keepable: boolean;
  /** Plans it may change to here, each with its price per interval. */
  planOptions: { id: string; label: string }[];
  usage:
    | {
        period: string;
        total: string;
        projectedTotal: string;
        charges: { metric: string; units: string; amount: string; projected: string }[];
      }
    | undefined;
}

export interface InvoiceRowView {
  id: string;
  number: string;
  status: string;
  issuedOn: string;
  dueOn: string;
  total: string;
  amountDue: string;
  payable: boolean;
  pdfPath: string;
  payPath: string;
}

export interface PaymentRowView {
  date: string;
  amount: string;
  status: string;
  refunds: { date: string; amount: string; status: string }[];
}

export interface WalletPanelView {
  /** What one credit costs, in the wallet's currency with every decimal of the rate (0.0004 stays 0.0004). */
  rate: string;
  credits: string;
  balance: string;
  ongoingCredits: string;
  ongoingBalance: string;
  transactions: { date: string; kind: string; credits: string; amount: string; status: string }[];
}

const INTERVAL_WORDS: Readonly<Record<string, string>> = {
  WEEKLY: 'week',
  MONTHLY: 'month',
  QUARTERLY: 'quarter',
  YEARLY: 'year',
};

export function toPageView(page: PortalPage, format: PageFormat): PageView {
  return {
    companyName: page.companyName,
    customerName: page.customer.name ?? page.customer.email,
    outstanding: page.outstanding.map(({ currency, amountDueMinor }) =>
      format.money(presentMajorUnits({ amount: amountDueMinor, currency }), currency),
    ),
    subscriptions: page.subscriptions.map((entry) => subscriptionView(entry, format)),
    invoices: page.invoices.map((record) => {
      const invoice = invoiceView(record);
      return {
        id: invoice.id,
        number: invoice.number ?? invoice.id,
        status: invoice.status,
        issuedOn: format.date(invoice.issuedAt),
        dueOn: format.date(invoice.dueDate),
        total: format.money(invoice.total, invoice.currency),
        amountDue: format.money(invoice.amountDue, invoice.currency),
        payable: (invoice.status === 'OPEN' || invoice.status === 'UNCOLLECTIBLE') && invoice.amountDue > 0,
        pdfPath: `/portal/invoices/${encodeURIComponent(invoice.id)}/pdf`,
        payPath: `/portal/invoices/${encodeURIComponent(invoice.id)}/pay`,
      };
    }),
    payments: page.payments.map((record) => {
      const payment = paymentView(record);
      const refunds = page.paymentDetails.get(record.id)?.refunds ?? [];
      return {
        date: format.date(payment.succeededAt ?? payment.createdAt),
        amount: format.money(payment.amount, payment.currency),
        status: payment.status,
        refunds: refunds.map((refund) => ({
          date: format.date(refund.createdAt),
          amount: format.money(
            presentMajorUnits({ amount: refund.amountMinor, currency: refund.currency }),
            refund.currency,
          ),
          status: refund.status,
        })),
      };
    }),
    wallet: walletPanel(page, format),
  };
}

function subscriptionView(
  { subscription, plan, usage, planOptions }: PortalSubscription,
  format: PageFormat,
): SubscriptionView {
  const price = plan?.prices.find((candidate) => candidate.currency === subscription.currency);
  const interval = plan === undefined ? '' : ` / ${INTERVAL_WORDS[plan.billingInterval] ?? plan.billingInterval}`;
  const money = (amount: bigint) =>
    format.money(presentMajorUnits({ amount, currency: subscription.currency }), subscription.currency);
  // An estimate beyond what an invoice can hold is not shown.
  const projectedMoney = (amount: bigint | undefined) => (amount === undefined ? '—' : money(amount));
  return {
    id: subscription.id,
    planName: plan?.name ?? subscription.planId,
    price: price === undefined ? '' : `${money(price.amountMinor)}${interval}`,
    status: subscription.status,
    renewsOn: subscription.cancelAt === null ? format.date(subscription.currentPeriodEnd) : '',
    cancelsOn: format.date(subscription.cancelAt),
    cancellable:
      subscription.cancelAt === null && subscription.status !== 'PAUSED' && subscription.status !== 'CANCELED',
    keepable: subscription.cancelAt !== null && subscription.status !== 'CANCELED',
    planOptions: planOptions.map((option) => ({
      id: option.plan.id,
      label: `${option.plan.name}, ${money(option.amountMinor)}${interval}`,
    })),
    usage:
      usage === undefined
        ? undefined
        : {
            period: `${format.date(usage.periodStart)} – ${format.date(usage.periodEnd)}`,
            total: money(usage.amountMinor),
            projectedTotal: projectedMoney(usage.projectedAmountMinor),
            charges: usage.charges.map((charge) => ({
              metric: charge.billableMetric.code,
              units: format.units(Number(formatUnits(charge.units))),
              amount: money(charge.amountMinor),
              projected: projectedMoney(charge.projectedAmountMinor),
            })),
          },
  };
}

function walletPanel(page: PortalPage, format: PageFormat): WalletPanelView | undefined {
  if (page.wallet === undefined) return undefined;
  const wallet = ongoingWalletView(page.wallet.wallet, page.wallet.ongoing);
  return {
    rate: `${format.units(wallet.rateAmount)} ${wallet.currency}`,
    credits: format.credits(wallet.creditsBalance),
    balance: format.money(wallet.balance, wallet.currency),
    ongoingCredits: format.credits(wallet.ongoingCreditsBalance),
    ongoingBalance: format.money(wallet.ongoingBalance, wallet.currency),
    transactions: page.walletTransactions.map((record) => {
      const transaction = walletTransactionView(record);
      return {
        date: format.date(transaction.createdAt),
        kind: `${transaction.transactionType === 'INBOUND' ? '+' : '−'} ${transaction.source}`,
        credits: format.credits(transaction.creditAmount),
        amount: format.money(transaction.amount, transaction.currency),
        status: transaction.status,
      };
    }),
  };
}
