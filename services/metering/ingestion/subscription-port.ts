import type { SqlTransaction } from '../../../infra/db/sql';
import type { TenantSql } from '../../../infra/db/tenant-sql';

/** What decides a subscription's usage window, as billing stores it. */
export interface SubscriptionUsageFacts {
  id: string;
  customerId: string;
  status: string;
  startDate: Date;
  currentPeriodStart: Date | null;
  cancelAt: Date | null;
  canceledAt: Date | null;
  pausedAt: Date | null;
}

/** A usage segment the subscription workflow has closed, `[start, end)`, with the invoice it went on (if any). */
export interface ClosedSegment {
  subscriptionId: string;
  start: Date;
  end: Date;
  invoiceId: string | null;
}

/**
 * What ingestion must know of subscriptions, their closed usage segments and invoices, all of which billing (a later
 * area) owns. Ingestion never imports billing: billing's modules implement this port and the code that wires the
 * processes hands it in.
 */
export interface SubscriptionUsage {
  /** Whether the tenant has the subscription. */
  subscriptionExists: (sql: TenantSql<'subscriptions'>, id: string) => Promise<boolean>;
  /** The subscription ids of the given `externalId`s, by one statement; unknown external ids absent. */
  findSubscriptionIdsByExternalIds: (
    sql: TenantSql<'subscriptions'>,
    externalIds: readonly string[],
  ) => Promise<Map<string, string>>;
  /**
   * The subscriptions of the given ids (unknown ids absent), share-locked by one statement in id order until the
   * transaction ends: a usage close takes its subscription `for update`, so it either committed before or waits.
   */
  lockSubscriptionsForUsage: (
    sql: TenantSql<'subscriptions'>,
    request: { subscriptionIds: readonly string[]; transaction: SqlTransaction },
  ) => Promise<SubscriptionUsageFacts[]>;
  /** The closed segments of the subscriptions that end after `since`. */
  listClosedSegments: (
    sql: TenantSql<'usage_segments'>,
    request: { subscriptionIds: readonly string[]; since: Date; transaction: SqlTransaction },
  ) => Promise<ClosedSegment[]>;
  /** Which of the invoices are still DRAFTs. */
  listDraftInvoices: (
    sql: TenantSql<'invoices'>,
    request: { invoiceIds: readonly string[]; transaction: SqlTransaction },
  ) => Promise<Set<string>>;
}
