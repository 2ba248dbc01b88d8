import type { AnalyticsRange } from '../../../domain/analytics';
import type { TenantSql } from '../../../infra/db/tenant-sql';

/**
 * The analytics area only reads, and its read models may select from every area's tables (services/table-ownership.ts
 * declares the exception): its SQL names any tenant table, and never writes one.
 */
export type AnalyticsSql = TenantSql;

/** What every report is asked: a range of whole UTC days and, optionally, one currency. */
export interface AnalyticsQuery {
  range: AnalyticsRange;
  /** Only this currency's figures; every currency with data when absent. */
  currency?: string;
}

/** Keeps `currency` only when the query names another one. */
export const inQueryCurrency = (query: AnalyticsQuery, currency: string): boolean =>
  query.currency === undefined || query.currency === currency;

/** A sum from PostgreSQL (text, or null over no rows) as minor units. */
export const minorOf = (value: string | null | undefined): bigint => BigInt(value ?? '0');
