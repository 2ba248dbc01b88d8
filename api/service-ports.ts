import { countInvoices, listDraftInvoices } from '../services/billing/invoices';
import {
  countSubscriptionsByStatus,
  customerSubscriptions,
  findSubscriptionIdsByExternalIds,
  lockSubscriptionsForUsage,
  planSubscriptions,
  subscriptionExists,
} from '../services/billing/subscriptions';
import { listClosedSegments } from '../services/billing/usage-pricing';
import { customerWallets } from '../services/billing/wallets';
import { metricCharges } from '../services/catalog/charges';
import { countLiveCustomers } from '../services/catalog/customers';
import type { SubscriptionUsage } from '../services/metering/ingestion';
import { providerPendingWork } from '../services/payments/refunds';
import type { TenantRecordCounts } from '../services/platform/tenants';

/** Ingestion asks billing about subscriptions, their closed usage segments and their invoices. */
const subscriptionUsage: SubscriptionUsage = {
  subscriptionExists,
  findSubscriptionIdsByExternalIds,
  lockSubscriptionsForUsage,
  listClosedSegments,
  listDraftInvoices,
};

/** A tenant's usage counts the customers, subscriptions and invoices their modules own. */
const tenantRecordCounts: TenantRecordCounts = { countLiveCustomers, countSubscriptionsByStatus, countInvoices };

/**
 * The ports of the service areas, filled where the API is wired. A module never imports a later area (nor one that
 * imports it): what it must ask of one (does a customer have a live subscription?) is an interface it declares and
 * takes as an argument; the modules that own the answer implement it, and the API hands those implementations in
 * here. The implementations hold no state.
 */
export const servicePorts = {
  /** Customers ask billing whether a customer's subscriptions keep it from being deleted. */
  customerSubscriptions,
  /** Deleting a customer terminates its ACTIVE wallet, which billing owns. */
  customerWallets,
  /** Plans ask billing whether a plan or one of its prices is in use. */
  planSubscriptions,
  /** Billable metrics ask their charges which filter values they price. */
  metricCharges,
  subscriptionUsage,
  tenantRecordCounts,
  /** Payment providers ask payments and refunds whether a configuration is still needed. */
  providerPendingWork,
};
