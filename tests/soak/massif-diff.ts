// SPDX-License-Identifier: MIT
// What grew between two moments of a heaptrack trace of the server (tests/soak/heaptrack.ts), by
// call site: `heaptrack_print -f <trace>.zst -M <file> --massif-detailed-freq 1 --massif-threshold 0.1` writes snapshots of
// the live heap as a massif file, and this compares the snapshot nearest each time. Each node of a
// snapshot's tree is keyed by its call path from the allocator down, so a site that kept memory shows
// with its callers. Tested in tests/unit/soak-massif-diff.test.ts.

export interface Snapshot {
  /** Milliseconds since the traced process started (heaptrack writes seconds). */
  readonly timeMs: number;
  readonly heapBytes: number;
  /** Bytes live under each call path (frames joined by ' ← ', the allocator's caller first). */
  readonly paths: ReadonlyMap<string, number>;
}

const NODE = /^(\s*)n\d+: (\d+) (.*)$/;

/** Frame text without the address massif prints before it (addresses differ between snapshots' builds). */
const frame = (text: string): string => text.replace(/^0x[0-9a-f]+: /, '').trim();

export const parseMassif = (text: string): Snapshot[] => {
  const snapshots: Array<{ timeMs: number; heapBytes: number; paths: Map<string, number> }> = [];
  const stack: string[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('snapshot=')) {
      snapshots.push({ timeMs: 0, heapBytes: 0, paths: new Map() });
      continue;
    }
    const current = snapshots.at(-1);
    if (!current) continue;
    if (line.startsWith('time=')) current.timeMs = Number(line.slice(5)) * 1000;
    else if (line.startsWith('mem_heap_B=')) current.heapBytes = Number(line.slice(11));
    const node = NODE.exec(line);
    if (!node) continue;
    const depth = node[1]!.length;
    stack.length = depth;
    stack[depth] = frame(node[3]!);
    // The root (depth 0) is massif's "(heap allocation functions)": paths start below it.
    if (depth === 0) continue;
    const path = stack.slice(1, depth + 1).join(' ← ');
    current.paths.set(path, (current.paths.get(path) ?? 0) + Number(node[2]));
  }
  return snapshots.filter((s) => s.paths.size > 0);
};

/** The detailed snapshot nearest `timeMs`. */
export const nearest = (snapshots: readonly Snapshot[], timeMs: number): Snapshot | undefined =>
  snapshots.reduce<Snapshot | undefined>((best, s) => (best === undefined || Math.abs(s.timeMs - timeMs) < Math.abs(best.timeMs - timeMs) ? s : best), undefined);

export interface Growth {
  readonly path: string;
  readonly depth: number;
  readonly bytes: number;
}

/** Call paths whose live bytes changed most from `from` to `to`, at each depth up to `maxDepth`, largest growth first. */
export const growthByPath = (from: Snapshot, to: Snapshot, maxDepth = 8, perDepth = 5): Growth[] => {
  const keys = new Set([...from.paths.keys(), ...to.paths.keys()]);
  const all: Growth[] = [];
  for (const path of keys) {
    const depth = path.split(' ← ').length;
    if (depth > maxDepth) continue;
    all.push({ path, depth, bytes: (to.paths.get(path) ?? 0) - (from.paths.get(path) ?? 0) });
  }
  const out: Growth[] = [];
  for (let depth = 1; depth <= maxDepth; depth++) {
    out.push(...all.filter((g) => g.depth === depth).sort((a, b) => b.bytes - a.bytes).slice(0, perDepth));
  }
  return out;
};
