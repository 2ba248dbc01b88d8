import type { SourceFile } from './table-ownership';

/** A place where SQL names a tenant table without its schema, or a tenant migration reaches outside its schema. */
export interface ConfinementViolation {
  path: string;
  line: number;
  message: string;
}

// `from invoices`, `join invoices`, `into invoices`, `update invoices`, `table invoices`: the name right after the
// keyword, not after a `.` (a qualified `${sql.table('invoices')}` interpolates to `"tenant_…".invoices`).
const TABLE_AFTER_KEYWORD = /\b(?:from|join|into|update|table)\s+([a-z_][a-z0-9_]*)\b/gi;
// Any schema-qualified name other than the migration's own (tenant migrations run with the tenant schema as their
// search path and name nothing else).
const QUALIFIED_NAME = /\b(central|public|pg_catalog|information_schema)\.([a-z_][a-z0-9_]*)/gi;

const withoutComments = (source: string): string =>
  source.replace(/\/\*[\s\S]*?\*\//g, (block) => block.replace(/[^\n]/g, ' ')).replace(/\/\/.*$/gm, '');

const lineOf = (source: string, index: number): number => source.slice(0, index).split('\n').length;

/** Unqualified names of tenant tables in the SQL of `files` (comments ignored). */
export function findUnqualifiedTenantTables(
  files: readonly SourceFile[],
  tenantTables: ReadonlySet<string>,
): ConfinementViolation[] {
  const violations: ConfinementViolation[] = [];
  for (const file of files) {
    const source = withoutComments(file.source);
    for (const match of source.matchAll(TABLE_AFTER_KEYWORD)) {
      const name = match[1]?.toLowerCase() ?? '';
      if (!tenantTables.has(name)) continue;
      violations.push({
        path: file.path,
        line: lineOf(source, match.index),
        message: `tenant table ${name} named without its schema (use sql.table('${name}'))`,
      });
    }
  }
  return violations;
}

/** Names in other schemas that tenant migrations use (a distributed tenant schema may reference none of them). */
export function findCrossSchemaReferences(files: readonly SourceFile[]): ConfinementViolation[] {
  const violations: ConfinementViolation[] = [];
  for (const file of files) {
    const source = withoutComments(file.source);
    for (const match of source.matchAll(QUALIFIED_NAME)) {
      violations.push({
        path: file.path,
        line: lineOf(source, match.index),
        message: `tenant migration names ${match[0]}, outside the tenant's schema`,
      });
    }
  }
  return violations;
}
