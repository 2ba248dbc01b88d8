import type { AggregationType } from '../../../domain/metering';
import type { MetricFilter } from '../../catalog/billable-metrics';
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

/**
 * Checksum of every metric row: count and sum of a hash of (id, updated_at, xmin). Any insert, update (a new row
 * version has a new xmin, whatever it changes) or delete changes it, in whatever order concurrent changes commit, so
 * every API process sees a change made by another at its next batch. One aggregate over a table of tens of rows.
 */
const VERSION = `count(*)::text || ':' || coalesce(sum(hashtextextended(id || ':' || updated_at::text || ':' || xmin::text, 0)), 0)::text`;

interface VersionRow {
  version: string;
}

interface DefinitionRow extends VersionRow {
  code: string | null;
  aggregation_type: AggregationType | null;
  field_name: string | null;
  filters: unknown;
}

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
        const current = await sql.oneOrFail<VersionRow>(
          `select ${VERSION} as version from ${sql.table('billable_metrics')}`,
        );
        if (current.version === cached.version) {
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

/** The definitions and their version from one statement, so both describe the same snapshot. */
async function loadDefinitions(sql: EventSql): Promise<Cached> {
  const table = sql.table('billable_metrics');
  const rows = await sql.query<DefinitionRow>(
    `select version.version, metric.code, metric.aggregation_type, metric.field_name, metric.filters
       from (select ${VERSION} as version from ${table}) as version
            left join ${table} as metric on true`,
  );
  const definitions = new Map<string, MetricDefinition>();
  for (const row of rows) {
    if (row.code === null || row.aggregation_type === null) continue;
    const filters = (typeof row.filters === 'string' ? JSON.parse(row.filters) : row.filters) as MetricFilter[];
    definitions.set(row.code, {
      code: row.code,
      aggregationType: row.aggregation_type,
      fieldName: row.field_name,
      filters: new Map(filters.map((filter) => [filter.key, new Set(filter.values)])),
    });
  }
  return { version: rows[0]?.version ?? '', definitions };
}
