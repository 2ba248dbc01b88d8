import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * Service modules form a directed acyclic graph: a service may use another through its index.ts, never both ways
 * (import-x/no-cycle sees file cycles; this sees module cycles that no single file chain shows).
 */
const SERVICES_DIR = __dirname;
const IMPORT = /\bfrom\s+'(\.[^']*)'/g;

function productionFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return productionFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** `<area>/<module>` of a path inside a module of services/. */
function serviceOf(path: string): string | undefined {
  const [area, module, ...rest] = relative(SERVICES_DIR, path).split('/');
  return rest.length > 0 && area !== '..' && module !== undefined ? `${area}/${module}` : undefined;
}

function serviceEdges(): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const file of productionFiles(SERVICES_DIR)) {
    const from = serviceOf(file);
    if (from === undefined) continue;
    const targets = edges.get(from) ?? new Set<string>();
    edges.set(from, targets);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      // Through its index.ts: `path.relative` drops a trailing slash, so a folder alone would name no module.
      const to = serviceOf(join(resolve(dirname(file), specifier ?? ''), 'index.ts'));
      if (to !== undefined && to !== from) targets.add(to);
    }
  }
  return edges;
}

function findCycle(edges: Map<string, Set<string>>): string[] | undefined {
  const done = new Set<string>();
  const visit = (node: string, path: string[]): string[] | undefined => {
    if (path.includes(node)) return [...path.slice(path.indexOf(node)), node];
    if (done.has(node)) return undefined;
    for (const next of edges.get(node) ?? []) {
      const cycle = visit(next, [...path, node]);
      if (cycle !== undefined) return cycle;
    }
    done.add(node);
    return undefined;
  };
  for (const node of edges.keys()) {
    const cycle = visit(node, []);
    if (cycle !== undefined) return cycle;
  }
  return undefined;
}

describe('service modules', () => {
  it('depend on each other without a cycle', () => {
    const edges = serviceEdges();
    expect(edges.size).toBeGreaterThan(10);
    expect(edges.get('payments/refunds')).toContain('payments/records');
    expect(findCycle(edges)).toBeUndefined();
  });

  it('finds a cycle when there is one', () => {
    const edges = new Map([
      ['invoices', new Set(['credit-notes'])],
      ['credit-notes', new Set(['customer-credit', 'invoices'])],
      ['customer-credit', new Set<string>()],
    ]);
    expect(findCycle(edges)).toEqual(['invoices', 'credit-notes', 'invoices']);
  });
});
