import type { CustomerId, TenantId } from '../../../domain/ids';
import type { Orm } from '../../../infra/db/orm';
import { tenantSql, type TenantSql } from '../../../infra/db/tenant-sql';
import { customerClock, findCustomer, type CustomerRecord } from '../../catalog/customers';
import { findPlan, type PlanRecord } from '../../catalog/plans';
import type { InvoiceRecord } from '../../billing/invoices';
import type { OngoingWallet } from '../../billing/prepaid-credit';
import { readBillingTimeZone, type SubscriptionRecord } from '../../billing/subscriptions';
import { readOpenPeriodUsage, type OpenPeriodUsage } from '../../billing/usage-pricing';
import { listWalletTransactions, type WalletTransactionRecord } from '../../billing/wallets';
import type { PaymentRecord } from '../../payments/records';
import type { PaymentDetails } from '../../payments/refunds';
import { AppError } from '../../platform/errors';
import { findTenantDetails, type PortalSettings } from '../../platform/tenants';
import { readBillingOverview, type Outstanding } from './billing-overview';
import { listPlanOptions, type PlanOption } from './portal-plan-change';
import { listPortalInvoices, listPortalPayments } from './portal-records';

/** A live subscription as the page shows it: its plan, and its open period's usage so far (none when PAUSED). */
export interface PortalSubscription {
  subscription: SubscriptionRecord;
  plan: PlanRecord | undefined;
  usage: OpenPeriodUsage | undefined;
  /** The plans it may change to here; empty unless the tenant allows plan changes. */
  planOptions: PlanOption[];
}

/** Everything the hosted page shows one customer, read at one moment. */
export interface PortalPage {
  companyName: string;
  /** What the tenant lets its customers do here besides paying; a form is shown only when its switch is on. */
  allowed: PortalSettings;
  customer: CustomerRecord;
  /** The customer's billing time zone (its own, else the tenant's): the page's dates are in it. */
  timeZone: string;
  subscriptions: PortalSubscription[];
  outstanding: Outstanding[];
  invoices: InvoiceRecord[];
  payments: PaymentRecord[];
  paymentDetails: Map<string, PaymentDetails>;
  wallet: OngoingWallet | undefined;
  walletTransactions: WalletTransactionRecord[];
}

// The page shows the latest of each list; the customer's full history stays with the tenant's own pages and the API.
const LATEST = { limit: 20, offset: 0 };

/**
 * The page of a session's customer; undefined when the tenant is gone or inactive, or the customer deleted: the page
 * then shows no data at all.
 */
export async function readPortalPage(
  orm: Orm,
  request: { tenantId: TenantId; customerId: CustomerId; now: Date },
): Promise<PortalPage | undefined> {
  const tenant = await findTenantDetails(orm, request.tenantId);
  if (tenant === undefined || !tenant.isActive) return undefined;
  const sql = tenantSql(orm, request.tenantId);
  const customer = await findCustomer(sql, request.customerId);
  if (customer === undefined) return undefined;
  const overview = await readBillingOverview(sql, customer);
  // The usage's pace is judged at the customer's business time (its test clock's, for a customer on one).
  const customerNow = (await customerClock(sql, customer.id, { now: () => request.now })).now();
  const [timeZone, subscriptions, invoices, payments, walletTransactions] = await Promise.all([
    readBillingTimeZone(sql, customer.id),
    Promise.all(
      overview.subscriptions.map((subscription) =>
        withPlanAndUsage(sql, subscription, {
          offeredPlanIds: tenant.settings.portal.allowPlanChange ? tenant.settings.portal.planIds : [],
          now: customerNow,
        }),
      ),
    ),
    listPortalInvoices(sql, customer.id, LATEST),
    listPortalPayments(sql, { customerId: customer.id, window: LATEST, now: request.now }),
    overview.wallet === undefined
      ? undefined
      : listWalletTransactions(sql, { walletId: overview.wallet.wallet.id, ...LATEST }),
  ]);
  return {
    companyName: tenant.companyName,
    allowed: tenant.settings.portal,
    customer,
    timeZone,
    subscriptions,
    outstanding: overview.outstanding,
    invoices: invoices.records,
    payments: payments.records,
    paymentDetails: payments.details,
    wallet: overview.wallet,
    walletTransactions: walletTransactions?.records ?? [],
  };
}

async function withPlanAndUsage(
  sql: TenantSql,
  subscription: SubscriptionRecord,
  options: { offeredPlanIds: readonly string[]; now: Date },
): Promise<PortalSubscription> {
  const [plan, usage, planOptions] = await Promise.all([
    findPlan(sql, subscription.planId),
    usageSoFar(sql, subscription, options.now),
    listPlanOptions(sql, { subscription, offeredPlanIds: options.offeredPlanIds }),
  ]);
  return { subscription, plan, usage, planOptions };
}

/**
 * As `GET /subscriptions/:id/usage` reports it, with each charge's projection to the period's end at its pace up to
 * `now`; a subscription paused meanwhile has no open period to show.
 */
async function usageSoFar(
  sql: TenantSql,
  subscription: SubscriptionRecord,
  now: Date,
): Promise<OpenPeriodUsage | undefined> {
  if (subscription.status === 'PAUSED') return undefined;
  try {
    return await readOpenPeriodUsage(sql, subscription.id, { projectAt: now });
  } catch (error) {
    if (error instanceof AppError && error.code === 'no_open_period') return undefined;
    throw error;
  }
}
