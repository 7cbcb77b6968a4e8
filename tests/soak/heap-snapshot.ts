// SPDX-License-Identifier: MIT
// Reading V8 heap snapshots (.heapsnapshot, the format DevTools saves) to say what a thread keeps
// from one point of the soak to another: live objects grouped by kind and constructor, and for the
// groups that grew, the path that holds most of their new objects. V8 gives an object the same id
// in every snapshot of one process, so "new" here means allocated after the first snapshot and
// still alive at the second (V8 follows objects by address between snapshots, so an object placed
// where a dead one was can inherit its id: "new" may miss a few).
import { readFileSync } from 'node:fs';

interface RawSnapshot {
  readonly snapshot: {
    readonly meta: {
      readonly node_fields: string[];
      readonly node_types: [string[]];
      readonly edge_fields: string[];
      readonly edge_types: [string[]];
    };
  };
  readonly nodes: number[];
  readonly edges: number[];
  readonly strings: string[];
}

export interface Snapshot {
  readonly count: number;
  readonly type: (node: number) => string;
  readonly name: (node: number) => string;
  readonly id: (node: number) => number;
  readonly size: (node: number) => number;
  /** Each node's retainer on a shortest strong path from the root, or -1 (the root, and what only weak edges reach). */
  readonly retainer: Int32Array;
  readonly retainerEdge: (node: number) => string;
}

export const readSnapshot = (path: string): Snapshot => {
  const raw = JSON.parse(readFileSync(path, 'utf8')) as RawSnapshot;
  const meta = raw.snapshot.meta;
  const width = meta.node_fields.length;
  const edgeWidth = meta.edge_fields.length;
  const [typeAt, nameAt, idAt, sizeAt, edgeCountAt] = ['type', 'name', 'id', 'self_size', 'edge_count'].map((f) =>
    meta.node_fields.indexOf(f),
  ) as [number, number, number, number, number];
  const [edgeTypeAt, edgeNameAt, toAt] = ['type', 'name_or_index', 'to_node'].map((f) => meta.edge_fields.indexOf(f)) as [
    number,
    number,
    number,
  ];
  const nodeTypes = meta.node_types[0];
  const edgeTypes = meta.edge_types[0];
  const count = raw.nodes.length / width;
  const firstEdge = new Int32Array(count + 1);
  for (let node = 0; node < count; node++) firstEdge[node + 1] = firstEdge[node]! + raw.nodes[node * width + edgeCountAt]! * edgeWidth;
  // Each node's parent on a shortest strong path from the root (node 0), found breadth first, as
  // DevTools shows retainers by distance. Weak edges keep nothing alive; shortcuts only repeat a path.
  const retainer = new Int32Array(count).fill(-1);
  const retainerName = new Array<string>(count);
  const skipped = new Set(['weak', 'shortcut']);
  const queue = new Int32Array(count);
  const reached = new Uint8Array(count);
  reached[0] = 1;
  for (let head = 0, tail = 1; head < tail; head++) {
    const node = queue[head]!;
    for (let edge = firstEdge[node]!; edge < firstEdge[node + 1]!; edge += edgeWidth) {
      const kind = edgeTypes[raw.edges[edge + edgeTypeAt]!]!;
      const to = raw.edges[edge + toAt]! / width;
      if (skipped.has(kind) || reached[to]) continue;
      reached[to] = 1;
      queue[tail++] = to;
      retainer[to] = node;
      const nameOrIndex = raw.edges[edge + edgeNameAt]!;
      retainerName[to] = kind === 'element' || kind === 'hidden' ? `[${nameOrIndex}]` : String(raw.strings[nameOrIndex]);
    }
  }
  return {
    count,
    type: (node) => nodeTypes[raw.nodes[node * width + typeAt]!]!,
    name: (node) => raw.strings[raw.nodes[node * width + nameAt]!]!,
    id: (node) => raw.nodes[node * width + idAt]!,
    size: (node) => raw.nodes[node * width + sizeAt]!,
    retainer,
    retainerEdge: (node) => retainerName[node] ?? '',
  };
};

/** Strings and code are grouped by kind only (their names are their contents); objects by constructor. */
const groupOf = (snapshot: Snapshot, node: number): string => {
  const type = snapshot.type(node);
  if (type === 'string' || type === 'concatenated string' || type === 'sliced string' || type === 'number' || type === 'code')
    return `(${type})`;
  return `${type}:${snapshot.name(node).slice(0, 60)}`;
};

export interface GroupGrowth {
  readonly group: string;
  readonly countBefore: number;
  readonly countAfter: number;
  readonly kbBefore: number;
  readonly kbAfter: number;
  /** Objects of the group in the second snapshot that the first did not have, and their size. */
  readonly fresh: number;
  readonly freshKb: number;
  /** How most of the new ones are held, from one up towards a root (element indices as [n]), and by how many. */
  readonly path: string;
  readonly pathShare: number;
}

const labelOf = (snapshot: Snapshot, node: number): string =>
  snapshot.type(node) === 'object' || snapshot.type(node) === 'closure'
    ? snapshot.name(node).slice(0, 40) || `(${snapshot.type(node)})`
    : `(${snapshot.type(node)})`;

/** `Thing <-[edge]- Holder <-[edge]- …`, from a node up its first strong retainers (12 steps at most). */
const pathOf = (snapshot: Snapshot, node: number): string => {
  const steps = [labelOf(snapshot, node)];
  for (let at = node, depth = 0; snapshot.retainer[at] !== -1 && depth < 12; depth++) {
    steps.push(
      `<-[${snapshot
        .retainerEdge(at)
        .replace(/^\[\d+\]$/, '[n]')
        .slice(0, 40)}]-`,
    );
    at = snapshot.retainer[at]!;
    steps.push(labelOf(snapshot, at));
  }
  return steps.join(' ');
};

/** The groups whose live size grew most from `before` to `after`, largest growth first. */
export const heapGrowth = (before: Snapshot, after: Snapshot, top = 15): GroupGrowth[] => {
  const seen = new Set<number>();
  const groups = new Map<
    string,
    {
      countBefore: number;
      countAfter: number;
      before: number;
      after: number;
      fresh: number;
      freshBytes: number;
      paths: Map<string, number>;
    }
  >();
  const entry = (group: string) => {
    let found = groups.get(group);
    if (!found)
      groups.set(group, (found = { countBefore: 0, countAfter: 0, before: 0, after: 0, fresh: 0, freshBytes: 0, paths: new Map() }));
    return found;
  };
  for (let node = 0; node < before.count; node++) {
    seen.add(before.id(node));
    const group = entry(groupOf(before, node));
    group.countBefore++;
    group.before += before.size(node);
  }
  for (let node = 0; node < after.count; node++) {
    const group = entry(groupOf(after, node));
    group.countAfter++;
    group.after += after.size(node);
    if (seen.has(after.id(node))) continue;
    group.fresh++;
    group.freshBytes += after.size(node);
    const path = pathOf(after, node);
    group.paths.set(path, (group.paths.get(path) ?? 0) + 1);
  }
  const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
  return [...groups]
    .map(([group, g]) => {
      const [path, pathShare] = [...g.paths].reduce((best, next) => (next[1] > best[1] ? next : best), ['', 0]);
      return {
        group,
        countBefore: g.countBefore,
        countAfter: g.countAfter,
        kbBefore: kb(g.before),
        kbAfter: kb(g.after),
        fresh: g.fresh,
        freshKb: kb(g.freshBytes),
        path,
        pathShare,
      };
    })
    .sort((a, b) => b.kbAfter - b.kbBefore - (a.kbAfter - a.kbBefore))
    .slice(0, top);
};
