// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { growthByPath, nearest, parseMassif } from '../soak/massif-diff';

const snapshot = (n: number, timeS: number, tree: string[]): string =>
  [`snapshot=${n}`, '#-----------', `time=${timeS}`, 'mem_heap_B=' + tree[0]!.split(' ')[1], 'mem_heap_extra_B=0', 'mem_stacks_B=0', 'heap_tree=detailed', ...tree].join('\n');

const MASSIF = [
  'desc: heaptrack',
  'cmd: node dist/node/web.mjs',
  'time_unit: ms',
  snapshot(0, 1, [
    'n2: 3000 (heap allocation functions) malloc/new/new[], --alloc-fns, etc.',
    ' n1: 2000 0x1234: sqlite3Malloc in /usr/lib/libsqlite3.so',
    '  n0: 2000 0x5678: pcache1Alloc in /usr/lib/libsqlite3.so',
    ' n0: 1000 0x9abc: node::NodeArrayBufferAllocator::Allocate(unsigned long) in /usr/bin/node',
  ]),
  snapshot(1, 60, [
    'n2: 7000 (heap allocation functions) malloc/new/new[], --alloc-fns, etc.',
    ' n1: 6000 0x1234: sqlite3Malloc in /usr/lib/libsqlite3.so',
    '  n0: 6000 0x5678: pcache1Alloc in /usr/lib/libsqlite3.so',
    ' n0: 1000 0x9abc: node::NodeArrayBufferAllocator::Allocate(unsigned long) in /usr/bin/node',
  ]),
].join('\n');

describe('the soak run: what a heaptrack trace kept between two times', () => {
  it('reads each snapshot with its time, heap and the live bytes of each call path', () => {
    const [first] = parseMassif(MASSIF);
    expect(first!.timeMs).toBe(1000);
    expect(first!.heapBytes).toBe(3000);
    expect(first!.paths.get('sqlite3Malloc in /usr/lib/libsqlite3.so ← pcache1Alloc in /usr/lib/libsqlite3.so')).toBe(2000);
  });

  it('picks the snapshot nearest a time and names the path that grew, with its callers', () => {
    const snapshots = parseMassif(MASSIF);
    expect(nearest(snapshots, 50_000)!.timeMs).toBe(60_000);
    const growth = growthByPath(snapshots[0]!, snapshots[1]!);
    expect(growth[0]).toEqual({ path: 'sqlite3Malloc in /usr/lib/libsqlite3.so', depth: 1, bytes: 4000 });
    expect(growth.find((g) => g.depth === 2)).toEqual({ path: 'sqlite3Malloc in /usr/lib/libsqlite3.so ← pcache1Alloc in /usr/lib/libsqlite3.so', depth: 2, bytes: 4000 });
    expect(growth.find((g) => g.path.startsWith('node::'))!.bytes).toBe(0);
  });
});
