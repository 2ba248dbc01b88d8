import type { AggregationType } from '../../../domain/metering';
import { billableMetricsVersion, listMetricDefinitions } from '../../catalog/billable-metrics';
import type { EventSql } from './event-records';

/** What ingestion needs of a billable metric to validate an event of its code. */
export interface MetricDefinition {
  code: string;
  aggregationType: AggregationType;
  fieldName: string | null;
  /** Filter key → the values it allows. */
  filters: ReadonlyMap<string, ReadonlySet<string>>;
}

export type MetricDefinitions = ReadonlyMap<string, MetricDefinition>;

/** The tenant's metric definitions by code, read at most once per change of the tenant's metrics. */
export interface MetricCatalog {
  definitionsOf: (sql: EventSql) => Promise<MetricDefinitions>;
}

const DEFAULT_MAX_TENANTS = 1_000;

interface Cached {
  version: string;
  definitions: MetricDefinitions;
}

/**
 * Metric definitions cached per tenant in this process: each batch asks for the version (one cheap statement) and
 * reloads only when it changed. Least recently used tenants leave first beyond `maxTenants`.
 */
export function createMetricCatalog(options: { maxTenants?: number } = {}): MetricCatalog {
  const maxTenants = options.maxTenants ?? DEFAULT_MAX_TENANTS;
  const cache = new Map<string, Cached>();
  const remember = (tenantId: string, entry: Cached) => {
    cache.delete(tenantId);
    cache.set(tenantId, entry);
    if (cache.size > maxTenants) {
      const oldest = cache.keys().next();
      if (oldest.done !== true) cache.delete(oldest.value);
    }
  };
  return {
    definitionsOf: async (sql) => {
      const cached = cache.get(sql.tenantId);
      if (cached !== undefined) {
        // The metrics' version changes with any change to them, made by this process or another.
        if ((await billableMetricsVersion(sql)) === cached.version) {
          remember(sql.tenantId, cached);
          return cached.definitions;
        }
      }
      const loaded = await loadDefinitions(sql);
      remember(sql.tenantId, loaded);
      return loaded.definitions;
    },
  };
}

/** The definitions and their version, read together so both describe the same snapshot. */
async function loadDefinitions(sql: EventSql): Promise<Cached> {
  const { version, metrics } = await listMetricDefinitions(sql);
  const definitions = new Map<string, MetricDefinition>();
  for (const metric of metrics) {
    definitions.set(metric.code, {
      code: metric.code,
      aggregationType: metric.aggregationType,
      fieldName: metric.fieldName,
      filters: new Map(metric.filters.map((filter) => [filter.key, new Set(filter.values)])),
    });
  }
  return { version, definitions };
}
