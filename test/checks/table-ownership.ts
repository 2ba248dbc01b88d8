import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { OwnershipException } from '../../services/table-ownership';

/** A source file of the repository: its path from the repository root, with `/`, and its text. */
export interface SourceFile {
  path: string;
  source: string;
}

/** A table named in a statement: where, and whether the statement writes it there. */
export interface TableReference {
  table: string;
  line: number;
  writes: boolean;
}

export interface OwnershipViolation {
  path: string;
  line: number;
  table: string;
  message: string;
}

/** `sql.table('name')` (or any `.table("name")`), the way stores name a tenant table (infra/db/tenant-sql.ts). */
const TABLE_CALL = /\.table\(\s*(['"`])([a-z_][a-z0-9_]*)\1\s*\)/g;
/** Raw schema-qualified SQL: `from|join|into|update <schema>.<table>`, the schema a name or a `${...}`. */
const QUALIFIED = /\b(from|join|into|update)\s+(?:"[^"]+"|[A-Za-z_][\w$]*|\$\{[^}]+\})\.("?)([a-z_][a-z0-9_]*)\2/gi;
/** A write keyword right before the table's `${...}`: `insert into ${`, `update ${`, `delete from ${`. */
const WRITE_BEFORE_CALL = /\b(insert\s+into|update|delete\s+from)\s+\$\{[\w.\s]*$/i;

const lineAt = (source: string, index: number): number => source.slice(0, index).split('\n').length;

/** Every tenant-table name a source names in SQL, by either idiom. */
export function tableReferences(source: string): TableReference[] {
  const found: TableReference[] = [];
  for (const match of source.matchAll(TABLE_CALL)) {
    const before = source.slice(Math.max(0, match.index - 80), match.index);
    found.push({ table: match[2] ?? '', line: lineAt(source, match.index), writes: WRITE_BEFORE_CALL.test(before) });
  }
  for (const match of source.matchAll(QUALIFIED)) {
    const keyword = (match[1] ?? '').toLowerCase();
    const before = source.slice(Math.max(0, match.index - 10), match.index);
    const writes = keyword === 'into' || keyword === 'update' || (keyword === 'from' && /delete\s+$/i.test(before));
    found.push({ table: match[3] ?? '', line: lineAt(source, match.index), writes });
  }
  return found;
}

/** `<area>/<module>` of a path under services/, or undefined for a file outside any module. */
function moduleOf(path: string): string | undefined {
  const match = /^services\/([^/]+)\/([^/]+)\//.exec(path);
  return match === null ? undefined : `${match[1]}/${match[2]}`;
}

/**
 * The references of `files` to a tenant table another module owns, outside the declared exceptions (whose modules
 * may only read). Names that are no tenant table (central tables, SQL words) are not this check's business.
 */
export function findOwnershipViolations(
  files: readonly SourceFile[],
  rules: { owners: Readonly<Record<string, string>>; exceptions: readonly OwnershipException[] },
): OwnershipViolation[] {
  const violations: OwnershipViolation[] = [];
  for (const file of files) {
    const own = moduleOf(file.path);
    const exception = rules.exceptions.find((each) => file.path.startsWith(`services/${each.area}/`));
    for (const reference of tableReferences(file.source)) {
      const owner = rules.owners[reference.table];
      if (owner === undefined || owner === own) continue;
      if (exception !== undefined && !reference.writes) continue;
      const where = own === undefined ? 'code outside any module' : `services/${own}`;
      const what = exception === undefined ? 'names' : 'writes';
      violations.push({
        path: file.path,
        line: reference.line,
        table: reference.table,
        message: `${where} ${what} ${reference.table}, which services/${owner} owns: call a function it exports`,
      });
    }
  }
  return violations;
}

/** The tables (and views, which modules read like tables) the tenant migrations create. */
export function tablesCreatedBy(migrationSources: readonly string[]): Set<string> {
  const tables = new Set<string>();
  for (const source of migrationSources) {
    for (const match of source.matchAll(
      /\bcreate\s+(?:table|view)\s+(?:if\s+not\s+exists\s+)?"?([a-z_][a-z0-9_]*)"?/gi,
    )) {
      tables.add((match[1] ?? '').toLowerCase());
    }
  }
  return tables;
}

/** The `.ts` files under `dir` (recursively) but tests, as repository paths relative to `root`. */
export function readSources(root: string, dir: string): SourceFile[] {
  const walk = (folder: string): string[] =>
    readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) return walk(path);
      return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
    });
  return walk(join(root, dir)).map((path) => ({
    path: relative(root, path).split('\\').join('/'),
    source: readFileSync(path, 'utf8'),
  }));
}
