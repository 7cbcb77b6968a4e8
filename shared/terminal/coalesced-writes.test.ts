// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { CoalescedWrites } from './coalesced-writes';

/** CoalescedWrites over a parser that finishes its write when told to (`finish`), recording what it got. */
const recording = () => {
  const written: string[] = [];
  const log: string[] = [];
  let parsing: (() => void) | undefined;
  const writes = new CoalescedWrites((data, parsed) => {
    written.push(data);
    parsing = parsed;
  });
  return { written, log, writes, finish: () => parsing!() };
};

describe('CoalescedWrites', () => {
  it('joins what arrives while a write parses, and runs steps between, in stream order', () => {
    const { written, log, writes, finish } = recording();
    writes.write('a', () => log.push('a parsed'));
    writes.write('b', () => log.push('b parsed'));
    writes.write('c');
    writes.after(() => log.push('mark'));
    writes.write('d');
    expect(written).toEqual(['a']);
    finish();
    expect(written).toEqual(['a', 'bc']);
    expect(log).toEqual(['a parsed']);
    finish();
    // The mark ran once b and c were parsed, and before d went in.
    expect(log).toEqual(['a parsed', 'b parsed', 'mark']);
    expect(written).toEqual(['a', 'bc', 'd']);
  });

  it('runs a step at once when nothing is being parsed', () => {
    const writes = new CoalescedWrites((_data, parsed) => parsed());
    const log: string[] = [];
    writes.write('x', () => log.push('x'));
    writes.after(() => log.push('step'));
    expect(log).toEqual(['x', 'step']);
  });

  it('writes a snapshot alone: nothing joined to it, nothing after it until its callback ran', () => {
    const { written, log, writes, finish } = recording();
    writes.write('a');
    writes.write('b');
    writes.writeAlone('SNAP', () => log.push('marks placed'));
    writes.write('c');
    writes.write('d');
    expect(written).toEqual(['a']);
    finish();
    expect(written).toEqual(['a', 'b']);
    finish();
    expect(written).toEqual(['a', 'b', 'SNAP']);
    expect(log).toEqual([]);
    finish();
    // The snapshot's callback ran before what followed it was written.
    expect(log).toEqual(['marks placed']);
    expect(written).toEqual(['a', 'b', 'SNAP', 'cd']);
  });
});
