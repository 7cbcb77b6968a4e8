// SPDX-License-Identifier: MIT
// Which mappings of the server's address space grow between two cycle starts of the soak run
// (/proc/PID/smaps): malloc's arenas, V8's heap and code pages, or mapped files. Pure parsing and
// diffing here, tested in tests/unit/soak-smaps.test.ts; the read is in tests/soak/probe.ts.

export interface Mapping {
  /** `start-end` of the mapping in hex, as smaps prints it: what ties a mapping across two reads. */
  readonly range: string;
  /** The mapped file, `[heap]`, `[stack]`, `[anon:…]`, or `[anon]` for an unnamed anonymous mapping. */
  readonly name: string;
  readonly sizeKb: number;
  readonly rssKb: number;
}

const HEADER = /^([0-9a-f]+-[0-9a-f]+)\s+\S+\s+\S+\s+\S+\s+\d+\s*(.*)$/;

/** Each mapping of an smaps text with its size and resident kB. */
export const parseSmaps = (text: string): Mapping[] => {
  const mappings: Array<{ range: string; name: string; sizeKb: number; rssKb: number }> = [];
  for (const line of text.split('\n')) {
    const header = HEADER.exec(line);
    if (header) {
      mappings.push({ range: header[1]!, name: header[2]!.trim() || '[anon]', sizeKb: 0, rssKb: 0 });
      continue;
    }
    const current = mappings.at(-1);
    const field = /^(Size|Rss):\s+(\d+) kB/.exec(line);
    if (current && field) {
      if (field[1] === 'Size') current.sizeKb = Number(field[2]);
      else current.rssKb = Number(field[2]);
    }
  }
  return mappings;
};

/** A mapping's name with the version-specific parts kept: files by their base name, the rest as named. */
const kind = (name: string): string => (name.startsWith('/') ? (name.split('/').at(-1) ?? name) : name);

export interface SmapsGrowth {
  /** Resident MB at each read. */
  readonly rssMbBefore: number;
  readonly rssMbAfter: number;
  /** Change of resident MB in mappings at the same address in both reads. */
  readonly keptMappingsMb: number;
  /** Resident MB in mappings only in the later read, and in those only in the earlier one. */
  readonly newMappingsMb: number;
  readonly goneMappingsMb: number;
  /** Change of resident MB by kind of mapping (file base name, `[heap]`, `[anon]`…), largest change first. */
  readonly byKindMb: Record<string, number>;
  /** The mappings at the same address whose resident size changed most (either way). */
  readonly top: ReadonlyArray<{ readonly range: string; readonly name: string; readonly sizeMb: number; readonly deltaMb: number }>;
}

const mb = (kb: number): number => Math.round((kb / 1024) * 100) / 100;

/** What changed from `before` to `after` (two parses of the same process's smaps). */
export const smapsGrowth = (before: readonly Mapping[], after: readonly Mapping[], topCount = 8): SmapsGrowth => {
  const earlier = new Map(before.map((m) => [m.range, m]));
  const later = new Map(after.map((m) => [m.range, m]));
  let kept = 0;
  let added = 0;
  let gone = 0;
  const byKind = new Map<string, number>();
  const addKind = (name: string, deltaKb: number) => byKind.set(kind(name), (byKind.get(kind(name)) ?? 0) + deltaKb);
  const changed: Array<{ range: string; name: string; sizeMb: number; deltaMb: number }> = [];
  for (const m of after) {
    const old = earlier.get(m.range);
    const delta = m.rssKb - (old?.rssKb ?? 0);
    if (old) kept += delta;
    else added += m.rssKb;
    addKind(m.name, delta);
    if (old && delta !== 0) changed.push({ range: m.range, name: m.name, sizeMb: mb(m.sizeKb), deltaMb: mb(delta) });
  }
  for (const m of before) {
    if (later.has(m.range)) continue;
    gone += m.rssKb;
    addKind(m.name, -m.rssKb);
  }
  const total = (list: readonly Mapping[]) => mb(list.reduce((sum, m) => sum + m.rssKb, 0));
  return {
    rssMbBefore: total(before),
    rssMbAfter: total(after),
    keptMappingsMb: mb(kept),
    newMappingsMb: mb(added),
    goneMappingsMb: mb(gone),
    byKindMb: Object.fromEntries(
      [...byKind]
        .filter(([, delta]) => Math.abs(delta) >= 64)
        .sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]))
        .map(([name, delta]) => [name, mb(delta)]),
    ),
    top: changed.sort((a, b) => Math.abs(b.deltaMb) - Math.abs(a.deltaMb)).slice(0, topCount),
  };
};
