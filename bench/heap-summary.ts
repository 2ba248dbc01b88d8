import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * `npx tsx bench/heap-summary.ts <a.heapsnapshot> [<b.heapsnapshot>] [--top 25]`: what a V8 heap snapshot holds, by
 * constructor (objects by their constructor's name, everything else by its kind in brackets: `(string)`, `(closure)`,
 * `(code)`, `(hidden)`...): count, shallow size (the objects' own bytes) and retained size (what would be freed with
 * them: the sum over the dominator tree, each object counted once under the outermost object of its group), plus the
 * objects that retain most, with their chain of dominators. Given two snapshots (`bench:api --heap-snapshots` writes one
 * before load and after each round) it prints the difference, second minus first, largest growth first.
 *
 * Dominators follow Chrome DevTools' rule in the main: weak edges do not retain. The figures therefore match DevTools'
 * "Retained Size" closely, not to the byte.
 */

interface RawSnapshot {
  snapshot: {
    meta: {
      node_fields: string[];
      node_types: [string[], ...unknown[]];
      edge_fields: string[];
      edge_types: [string[], ...unknown[]];
    };
  };
  nodes: number[];
  edges: number[];
  strings: string[];
}

export interface GroupFigures {
  count: number;
  shallow: number;
  retained: number;
}

export interface HeapSummary {
  file: string;
  nodeCount: number;
  totalShallow: number;
  groups: Map<string, GroupFigures>;
  /** The largest retainers (excluding the root and V8's synthetic roots), each with its dominator chain. */
  topRetainers: { label: string; retained: number; chain: string[] }[];
}

export function summariseHeapSnapshot(file: string, topCount = 25): HeapSummary {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as RawSnapshot;
  const { meta } = raw.snapshot;
  const nodeFieldCount = meta.node_fields.length;
  const edgeFieldCount = meta.edge_fields.length;
  const typeOffset = meta.node_fields.indexOf('type');
  const nameOffset = meta.node_fields.indexOf('name');
  const selfSizeOffset = meta.node_fields.indexOf('self_size');
  const edgeCountOffset = meta.node_fields.indexOf('edge_count');
  const edgeTypeOffset = meta.edge_fields.indexOf('type');
  const edgeToOffset = meta.edge_fields.indexOf('to_node');
  const nodeTypes = meta.node_types[0];
  const edgeTypes = meta.edge_types[0];
  const weakEdge = edgeTypes.indexOf('weak');
  const { nodes, edges, strings } = raw;
  const nodeCount = nodes.length / nodeFieldCount;

  // First edge of each node (edges are stored node after node).
  const firstEdge = new Uint32Array(nodeCount + 1);
  for (let node = 0, edge = 0; node < nodeCount; node += 1) {
    firstEdge[node] = edge;
    edge += (nodes[node * nodeFieldCount + edgeCountOffset] ?? 0) * edgeFieldCount;
    firstEdge[node + 1] = edge;
  }
  const at = (array: readonly number[] | Uint32Array | Float64Array, index: number): number => array[index] ?? 0;
  const targetOf = (edge: number) => at(edges, edge + edgeToOffset) / nodeFieldCount;
  const retains = (edge: number) => at(edges, edge + edgeTypeOffset) !== weakEdge;

  const typeName = (node: number) => nodeTypes[at(nodes, node * nodeFieldCount + typeOffset)] ?? '?';
  const nameOf = (node: number) => strings[at(nodes, node * nodeFieldCount + nameOffset)] ?? '?';
  const groupOf = (node: number): string => {
    const type = typeName(node);
    return type === 'object' || type === 'native' ? nameOf(node) : `(${type})`;
  };
  const labelOf = (node: number): string => {
    const type = typeName(node);
    const name = nameOf(node).slice(0, 60).replace(/\s+/g, ' ');
    return type === 'object' || type === 'native' ? name : `(${type}) ${name}`;
  };

  // Depth-first post-order from the root (node 0) over retaining edges.
  const UNVISITED = 0xffffffff;
  const postOrderOf = new Uint32Array(nodeCount).fill(UNVISITED);
  const nodeAtPostOrder = new Uint32Array(nodeCount);
  const visited = new Uint8Array(nodeCount);
  const stackNode = new Uint32Array(nodeCount);
  const stackEdge = new Uint32Array(nodeCount);
  let reachable = 0;
  let depth = 0;
  stackNode[0] = 0;
  stackEdge[0] = at(firstEdge, 0);
  visited[0] = 1;
  while (depth >= 0) {
    const node = at(stackNode, depth);
    const edge = at(stackEdge, depth);
    if (edge < at(firstEdge, node + 1)) {
      stackEdge[depth] = edge + edgeFieldCount;
      const target = targetOf(edge);
      if (retains(edge) && visited[target] === 0) {
        visited[target] = 1;
        depth += 1;
        stackNode[depth] = target;
        stackEdge[depth] = at(firstEdge, target);
      }
      continue;
    }
    postOrderOf[node] = reachable;
    nodeAtPostOrder[reachable] = node;
    reachable += 1;
    depth -= 1;
  }

  // Predecessors of each reachable node (compressed rows), by post-order number.
  const predecessorCount = new Uint32Array(reachable + 1);
  for (let order = 0; order < reachable; order += 1) {
    const node = at(nodeAtPostOrder, order);
    for (let edge = at(firstEdge, node); edge < at(firstEdge, node + 1); edge += edgeFieldCount) {
      if (!retains(edge)) continue;
      const target = at(postOrderOf, targetOf(edge));
      if (target !== UNVISITED) predecessorCount[target + 1] = at(predecessorCount, target + 1) + 1;
    }
  }
  for (let order = 0; order < reachable; order += 1) {
    predecessorCount[order + 1] = at(predecessorCount, order + 1) + at(predecessorCount, order);
  }
  const predecessors = new Uint32Array(at(predecessorCount, reachable));
  const filled = predecessorCount.slice(0, reachable);
  for (let order = 0; order < reachable; order += 1) {
    const node = at(nodeAtPostOrder, order);
    for (let edge = at(firstEdge, node); edge < at(firstEdge, node + 1); edge += edgeFieldCount) {
      if (!retains(edge)) continue;
      const target = at(postOrderOf, targetOf(edge));
      if (target === UNVISITED) continue;
      predecessors[at(filled, target)] = order;
      filled[target] = at(filled, target) + 1;
    }
  }

  // Immediate dominators (Cooper, Harvey and Kennedy's iteration), by post-order number; the root is last.
  const root = reachable - 1;
  const dominator = new Uint32Array(reachable).fill(UNVISITED);
  dominator[root] = root;
  const intersect = (first: number, second: number): number => {
    let a = first;
    let b = second;
    while (a !== b) {
      while (a < b) a = at(dominator, a);
      while (b < a) b = at(dominator, b);
    }
    return a;
  };
  for (let changed = true; changed;) {
    changed = false;
    for (let order = root - 1; order >= 0; order -= 1) {
      let candidate = UNVISITED;
      for (let index = at(predecessorCount, order); index < at(predecessorCount, order + 1); index += 1) {
        const predecessor = at(predecessors, index);
        if (at(dominator, predecessor) === UNVISITED) continue;
        candidate = candidate === UNVISITED ? predecessor : intersect(candidate, predecessor);
      }
      if (candidate !== UNVISITED && at(dominator, order) !== candidate) {
        dominator[order] = candidate;
        changed = true;
      }
    }
  }

  // Retained sizes: each node's own size plus what it dominates (a dominator comes later in post-order).
  const retained = new Float64Array(reachable);
  let totalShallow = 0;
  for (let order = 0; order < reachable; order += 1) {
    const size = at(nodes, at(nodeAtPostOrder, order) * nodeFieldCount + selfSizeOffset);
    totalShallow += size;
    retained[order] = at(retained, order) + size;
    if (order !== root) retained[at(dominator, order)] = at(retained, at(dominator, order)) + at(retained, order);
  }

  // Per group; an object's retained size counts only when no dominator of it is in the same group.
  const groupIndex = new Map<string, number>();
  const groupNames: string[] = [];
  const groupOfOrder = new Uint32Array(reachable);
  for (let order = 0; order < reachable; order += 1) {
    const name = groupOf(at(nodeAtPostOrder, order));
    let index = groupIndex.get(name);
    if (index === undefined) {
      index = groupNames.length;
      groupIndex.set(name, index);
      groupNames.push(name);
    }
    groupOfOrder[order] = index;
  }
  const figures = groupNames.map(() => ({ count: 0, shallow: 0, retained: 0 }));
  // Whether some strict dominator shares the group: walk the dominator tree top-down (higher post-order first).
  const childCount = new Uint32Array(reachable + 1);
  for (let order = 0; order < root; order += 1)
    childCount[at(dominator, order) + 1] = at(childCount, at(dominator, order) + 1) + 1;
  for (let order = 0; order < reachable; order += 1)
    childCount[order + 1] = at(childCount, order + 1) + at(childCount, order);
  const children = new Uint32Array(Math.max(root, 1));
  const childFilled = childCount.slice(0, reachable);
  for (let order = 0; order < root; order += 1) {
    const parent = at(dominator, order);
    children[at(childFilled, parent)] = order;
    childFilled[parent] = at(childFilled, parent) + 1;
  }
  const open = new Uint32Array(groupNames.length);
  const walkNode = new Uint32Array(reachable);
  const walkChild = new Uint32Array(reachable);
  let top = 0;
  walkNode[0] = root;
  walkChild[0] = at(childCount, root);
  {
    const group = at(groupOfOrder, root);
    const entry = figures[group];
    if (entry !== undefined) {
      entry.count += 1;
      entry.shallow += at(nodes, at(nodeAtPostOrder, root) * nodeFieldCount + selfSizeOffset);
      entry.retained += at(retained, root);
    }
    open[group] = 1;
  }
  while (top >= 0) {
    const node = at(walkNode, top);
    const child = at(walkChild, top);
    if (child < at(childCount, node + 1)) {
      walkChild[top] = child + 1;
      const next = at(children, child);
      const group = at(groupOfOrder, next);
      const entry = figures[group];
      if (entry !== undefined) {
        entry.count += 1;
        entry.shallow += at(nodes, at(nodeAtPostOrder, next) * nodeFieldCount + selfSizeOffset);
        if (at(open, group) === 0) entry.retained += at(retained, next);
      }
      open[group] = at(open, group) + 1;
      top += 1;
      walkNode[top] = next;
      walkChild[top] = at(childCount, next);
      continue;
    }
    const group = at(groupOfOrder, node);
    open[group] = at(open, group) - 1;
    top -= 1;
  }
  const groups = new Map<string, GroupFigures>();
  groupNames.forEach((name, index) => {
    const entry = figures[index];
    if (entry !== undefined) groups.set(name, entry);
  });

  // The largest single retainers below V8's synthetic roots.
  const candidates: number[] = [];
  for (let order = 0; order < root; order += 1) {
    if (typeName(at(nodeAtPostOrder, order)) !== 'synthetic') candidates.push(order);
  }
  candidates.sort((a, b) => at(retained, b) - at(retained, a));
  const topRetainers = candidates.slice(0, topCount).map((order) => {
    const chain: string[] = [];
    for (let up = at(dominator, order); up !== root && chain.length < 6; up = at(dominator, up)) {
      chain.push(labelOf(at(nodeAtPostOrder, up)));
    }
    return { label: labelOf(at(nodeAtPostOrder, order)), retained: at(retained, order), chain };
  });

  return { file, nodeCount, totalShallow, groups, topRetainers };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
const signedMb = (bytes: number) => `${bytes >= 0 ? '+' : ''}${mb(bytes)}`;

function printSummary(summary: HeapSummary, topCount: number): void {
  process.stdout.write(
    `${path.basename(summary.file)}: ${summary.nodeCount} nodes, ${mb(summary.totalShallow)} reachable (shallow sum)\n`,
  );
  process.stdout.write(
    `${'group'.padEnd(48)} ${'count'.padStart(9)} ${'shallow'.padStart(12)} ${'retained'.padStart(12)}\n`,
  );
  const sorted = [...summary.groups.entries()].sort((a, b) => b[1].retained - a[1].retained);
  for (const [name, figures] of sorted.slice(0, topCount)) {
    process.stdout.write(
      `${name.slice(0, 48).padEnd(48)} ${String(figures.count).padStart(9)} ${mb(figures.shallow).padStart(12)} ${mb(figures.retained).padStart(12)}\n`,
    );
  }
  process.stdout.write('\nlargest retainers (dominated by →)\n');
  for (const retainer of summary.topRetainers) {
    process.stdout.write(`${mb(retainer.retained).padStart(10)}  ${retainer.label} → ${retainer.chain.join(' → ')}\n`);
  }
}

function printDifference(first: HeapSummary, second: HeapSummary, topCount: number): void {
  process.stdout.write(
    `${path.basename(second.file)} − ${path.basename(first.file)}: nodes ${second.nodeCount - first.nodeCount >= 0 ? '+' : ''}${second.nodeCount - first.nodeCount}, ` +
      `reachable ${mb(first.totalShallow)} → ${mb(second.totalShallow)} (${signedMb(second.totalShallow - first.totalShallow)})\n`,
  );
  process.stdout.write(
    `${'group'.padEnd(48)} ${'count'.padStart(9)} ${'Δcount'.padStart(9)} ${'Δshallow'.padStart(12)} ${'Δretained'.padStart(12)}\n`,
  );
  const names = new Set([...first.groups.keys(), ...second.groups.keys()]);
  const empty = { count: 0, shallow: 0, retained: 0 };
  const rows = [...names].map((name) => {
    const a = first.groups.get(name) ?? empty;
    const b = second.groups.get(name) ?? empty;
    return {
      name,
      count: b.count,
      dCount: b.count - a.count,
      dShallow: b.shallow - a.shallow,
      dRetained: b.retained - a.retained,
    };
  });
  rows.sort((a, b) => Math.abs(b.dShallow) - Math.abs(a.dShallow));
  for (const row of rows.slice(0, topCount)) {
    process.stdout.write(
      `${row.name.slice(0, 48).padEnd(48)} ${String(row.count).padStart(9)} ${`${row.dCount >= 0 ? '+' : ''}${row.dCount}`.padStart(9)} ${signedMb(row.dShallow).padStart(12)} ${signedMb(row.dRetained).padStart(12)}\n`,
    );
  }
}

function main(): void {
  const args = process.argv.slice(2);
  const topAt = args.indexOf('--top');
  const topCount = topAt === -1 ? 25 : Number(args[topAt + 1]);
  const files = args.filter((arg, index) => !arg.startsWith('--') && (topAt === -1 || index !== topAt + 1));
  if (files.length === 0 || files.length > 2 || !Number.isInteger(topCount)) {
    throw new Error('usage: heap-summary <a.heapsnapshot> [<b.heapsnapshot>] [--top 25]');
  }
  const summaries = files.map((file) => summariseHeapSnapshot(file, topCount));
  const [first, second] = summaries;
  if (first !== undefined) printSummary(first, topCount);
  if (first !== undefined && second !== undefined) {
    process.stdout.write('\n');
    printSummary(second, topCount);
    process.stdout.write('\n');
    printDifference(first, second, topCount);
  }
}

main();
