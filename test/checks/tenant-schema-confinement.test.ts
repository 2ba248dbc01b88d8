import { join } from 'node:path';
import { readSources, tablesCreatedBy, type SourceFile } from './table-ownership';
import { findCrossSchemaReferences, findUnqualifiedTenantTables } from './tenant-schema-confinement';

/**
 * The first step towards schema-based sharding (docs/scaling.md): every tenant's data lives in its own schema and
 * nothing crosses it, so each schema can become a distributed schema placed on any node. Two properties, read from
 * the sources: the services' and activities' SQL names every tenant table through its schema (a bare name would
 * follow the search path, wherever that points), and the tenant migrations name nothing outside the tenant's schema
 * (no foreign key or view onto the central schema, which a distributed schema could not keep). The probes prove each
 * check fails on a violation.
 */
const ROOT = join(__dirname, '..', '..');
const tenantTables = tablesCreatedBy(readSources(ROOT, 'migrations/tenant').map((file) => file.source));
const described = (violations: { path: string; line: number; message: string }[]) =>
  violations.map((violation) => `${violation.path}:${violation.line}: ${violation.message}`);
const probe = (source: string): SourceFile[] => [{ path: 'probe.ts', source }];

describe('tenant schema confinement', () => {
  it('knows the tenant tables from the tenant migrations', () => {
    expect(tenantTables.size).toBeGreaterThan(20);
    expect(tenantTables.has('invoices')).toBe(true);
  });

  it("finds no tenant table named without its schema in the services' and activities' SQL", () => {
    const sources = [...readSources(ROOT, 'services'), ...readSources(ROOT, 'activities')];
    expect(described(findUnqualifiedTenantTables(sources, tenantTables))).toEqual([]);
  });

  it('finds no tenant migration naming an object outside the tenant schema', () => {
    expect(described(findCrossSchemaReferences(readSources(ROOT, 'migrations/tenant')))).toEqual([]);
  });

  it('fails on an unqualified tenant table, and not on a qualified one or a comment', () => {
    const bad = probe('const q = `select id\n  from invoices where id = ?`;');
    expect(described(findUnqualifiedTenantTables(bad, tenantTables))).toEqual([
      "probe.ts:2: tenant table invoices named without its schema (use sql.table('invoices'))",
    ]);
    const good = probe("// reads from invoices\nconst q = `select id from ${sql.table('invoices')}`;");
    expect(findUnqualifiedTenantTables(good, tenantTables)).toEqual([]);
  });

  it('fails on a tenant migration that references the central schema', () => {
    const bad = probe("this.addSql('alter table x add foreign key (tenant_id) references central.tenants (id)');");
    expect(described(findCrossSchemaReferences(bad))).toEqual([
      "probe.ts:1: tenant migration names central.tenants, outside the tenant's schema",
    ]);
  });
});
