// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { leaf, leaves, nearestSurvivor, remove, sanitize, split } from './pane-tree';

describe('pane tree', () => {
  it('splits a pane, and keeps same-direction splits flat', () => {
    let tree = split(leaf('a'), 'a', 'b', 'horizontal');
    expect(leaves(tree)).toEqual(['a', 'b']);
    tree = split(tree, 'a', 'c', 'horizontal');
    expect(tree).toEqual({ kind: 'split', orientation: 'horizontal', children: [leaf('a'), leaf('c'), leaf('b')] });
    tree = split(tree, 'c', 'd', 'vertical');
    expect(tree).toEqual({
      kind: 'split',
      orientation: 'horizontal',
      children: [leaf('a'), { kind: 'split', orientation: 'vertical', children: [leaf('c'), leaf('d')] }, leaf('b')],
    });
  });

  it('closes a pane: its split collapses, and merges into a parent of the same direction', () => {
    const tree = split(split(split(leaf('a'), 'a', 'b', 'horizontal'), 'b', 'c', 'vertical'), 'c', 'd', 'horizontal');
    expect(leaves(tree)).toEqual(['a', 'b', 'c', 'd']);
    const withoutB = remove(tree, 'b')!;
    expect(withoutB).toEqual({ kind: 'split', orientation: 'horizontal', children: [leaf('a'), leaf('c'), leaf('d')] });
    expect(remove(remove(remove(withoutB, 'a')!, 'c')!, 'd')).toBeNull();
  });

  it('hands the keyboard of a closed pane to its nearest neighbour, the one before it first', () => {
    expect(nearestSurvivor(['a', 'b', 'c'], 'b', ['a', 'c'])).toBe('a');
    expect(nearestSurvivor(['a', 'b', 'c'], 'a', ['b', 'c'])).toBe('b');
    expect(nearestSurvivor(['a', 'b', 'c', 'd'], 'c', ['a', 'd'])).toBe('d');
    expect(nearestSurvivor(['a'], 'a', [])).toBeUndefined();
  });

  it('keeps only known terminals from a stored tree, and rejects odd shapes', () => {
    const stored = { kind: 'split', orientation: 'vertical', children: [leaf('gone'), leaf('b'), { kind: 'leaf', id: 7 }] };
    expect(sanitize(stored, new Set(['b']))).toEqual(leaf('b'));
    expect(sanitize({ kind: 'split', orientation: 'diagonal', children: [] }, new Set())).toBeNull();
    expect(sanitize('x', new Set())).toBeNull();
  });
});
