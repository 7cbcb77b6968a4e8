// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { parseSmaps, smapsGrowth } from '../soak/smaps';

const mapping = (range: string, name: string, sizeKb: number, rssKb: number): string =>
  [
    `${range} rw-p 00000000 00:00 0${name ? `                          ${name}` : ''}`,
    `Size:           ${sizeKb} kB`,
    'KernelPageSize:        4 kB',
    `Rss:            ${rssKb} kB`,
    'Pss:            1 kB',
    'VmFlags: rd wr mr mw me ac sd',
  ].join('\n');

const BEFORE = [
  mapping('5600a000-5600c000', '[heap]', 8192, 4096),
  mapping('7f0000000000-7f0004000000', '', 65536, 10240),
  mapping('7f1000000000-7f1000100000', '/usr/lib/x86_64-linux-gnu/libc.so.6', 1024, 1024),
  mapping('7f2000000000-7f2000200000', '', 2048, 2048),
].join('\n');

const AFTER = [
  mapping('5600a000-5600c000', '[heap]', 8192, 6144),
  mapping('7f0000000000-7f0004000000', '', 65536, 9216),
  mapping('7f1000000000-7f1000100000', '/usr/lib/x86_64-linux-gnu/libc.so.6', 1024, 1024),
  mapping('7f3000000000-7f3000400000', '', 4096, 3072),
].join('\n');

describe('the soak run: which mappings grow (/proc/PID/smaps)', () => {
  it('reads each mapping with its name, size and resident kB (unnamed ones as [anon])', () => {
    expect(parseSmaps(BEFORE)).toEqual([
      { range: '5600a000-5600c000', name: '[heap]', sizeKb: 8192, rssKb: 4096 },
      { range: '7f0000000000-7f0004000000', name: '[anon]', sizeKb: 65536, rssKb: 10240 },
      { range: '7f1000000000-7f1000100000', name: '/usr/lib/x86_64-linux-gnu/libc.so.6', sizeKb: 1024, rssKb: 1024 },
      { range: '7f2000000000-7f2000200000', name: '[anon]', sizeKb: 2048, rssKb: 2048 },
    ]);
  });

  it('tells growth of mappings kept at one address from mappings added and gone, and sums by kind', () => {
    const growth = smapsGrowth(parseSmaps(BEFORE), parseSmaps(AFTER));
    expect(growth.rssMbBefore).toBe(17);
    expect(growth.rssMbAfter).toBe(19);
    // [heap] +2 MB, the 64 MB anonymous one −1 MB, libc unchanged.
    expect(growth.keptMappingsMb).toBe(1);
    expect(growth.newMappingsMb).toBe(3);
    expect(growth.goneMappingsMb).toBe(2);
    // Unnamed anonymous memory: −1 + 3 − 2 = 0, left out of the sums by kind.
    expect(growth.byKindMb).toEqual({ '[heap]': 2 });
    expect(growth.top).toEqual([
      { range: '5600a000-5600c000', name: '[heap]', sizeMb: 8, deltaMb: 2 },
      { range: '7f0000000000-7f0004000000', name: '[anon]', sizeMb: 64, deltaMb: -1 },
    ]);
  });
});
