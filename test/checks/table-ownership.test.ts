import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { OWNERSHIP_EXCEPTIONS, TABLE_OWNERS } from '../../services/table-ownership';
import { findOwnershipViolations, readSources, tablesCreatedBy, type SourceFile } from './table-ownership';

/**
 * Each tenant table belongs to one module of services/ (services/table-ownership.ts): no other module's SQL names
 * it. The probes below prove the check fails on a violation, as the lint probes do for the folder rule.
 */
const ROOT = join(__dirname, '..', '..');
const RULES = { owners: TABLE_OWNERS, exceptions: OWNERSHIP_EXCEPTIONS };

const probe = (path: string, source: string): SourceFile[] => [{ path, source }];

describe('table ownership', () => {
  it('finds no module running SQL against a table another module owns', () => {
    const violations = findOwnershipViolations(readSources(ROOT, 'services'), RULES);
    expect(violations.map((violation) => `${violation.path}:${violation.line}: ${violation.message}`)).toEqual([]);
  });

  it('gives every table of the tenant migrations one owner, and owns no table they do not create', () => {
    const migrations = readSources(ROOT, 'migrations/tenant').map((file) => file.source);
    const created = [...tablesCreatedBy(migrations)].sort();
    expect(created.length).toBeGreaterThan(0);
    expect(Object.keys(TABLE_OWNERS).sort()).toEqual(created);
  });

  it('names owners that are modules of services/', () => {
    const missing = Object.values(TABLE_OWNERS).filter(
      (owner) => !existsSync(join(ROOT, 'services', owner, 'index.ts')),
    );
    expect(missing).toEqual([]);
  });

  it.each([
    [
      'a table() call',
      'services/catalog/customers/probe.ts',
      "await sql.query(`select * from ${sql.table('invoices')}`);",
    ],
    [
      'a table() call kept in a variable',
      'services/billing/invoices/probe.ts',
      "const table = sql.table('customers');",
    ],
    [
      'a raw qualified name',
      'services/payments/refunds/probe.ts',
      'await sql.query(`update ${schema}.payments set x = 1`);',
    ],
    [
      'a quoted schema',
      'services/platform/tenants/probe.ts',
      'await sql.query(\'select 1 from "tenant_x".subscriptions\');',
    ],
    ['SQL outside any module', 'services/probe.ts', "sql.table('events');"],
    ['a write from a read-only area', 'services/analytics/revenue/probe.ts', "`insert into ${sql.table('invoices')}`"],
    ['a delete from a read-only area', 'services/portal/invoices/probe.ts', "`delete from ${sql.table('payments')}`"],
  ])('refuses %s', (_name, path, source) => {
    expect(findOwnershipViolations(probe(path, source), RULES)).not.toEqual([]);
  });

  it.each([
    ["the owner's own table", 'services/billing/invoices/probe.ts', "`update ${sql.table('invoices')} set x = 1`"],
    ['a central table', 'services/platform/auth/probe.ts', "'select 1 from central.tenants'"],
    ['a read by an analytics read model', 'services/analytics/revenue/probe.ts', "`from ${sql.table('invoices')}`"],
    ['a read by a portal read model', 'services/portal/invoices/probe.ts', "`join ${sql.table('payments')} p`"],
  ])('allows %s', (_name, path, source) => {
    expect(findOwnershipViolations(probe(path, source), RULES)).toEqual([]);
  });
});
