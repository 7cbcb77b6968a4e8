// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { leaf, leaves } from './pane-tree';
import {
  activateTerminal,
  addTerminal,
  applyLayout,
  cycleTabs,
  EMPTY_WORKSPACE,
  moveTab,
  removeTerminal,
  tabOf,
  toggleZoom,
  updateTerminal,
  visibleTerminalsOf,
  type Terminal,
  type Workspace,
} from './workspace-model';

const terminal = (id: string): Terminal => ({
  id,
  sessionId: id,
  shell: 'bash',
  programTitle: null,
  customTitle: null,
  exited: false,
  exitCode: null,
  recording: 'on',
});

/** Opens each id as a tab of its own, the last one active. */
const open = (...ids: string[]): Workspace => ids.reduce((w, id) => addTerminal(w, terminal(id)), EMPTY_WORKSPACE);

/** Opens `id` as a split next to `target`, as openTerminal does (the split is asked for before the terminal appears). */
const splitNext = (w: Workspace, target: string, id: string, orientation: 'horizontal' | 'vertical' = 'horizontal'): Workspace =>
  addTerminal({ ...w, pendingSplit: { target, orientation } }, terminal(id));

const panesOf = (w: Workspace, id: string) => leaves(tabOf(w, id)!.root);

describe('opening terminals', () => {
  it('gives each new terminal a tab of its own and the keyboard', () => {
    const w = open('a', 'b');
    expect(w.tabs.map((t) => t.id)).toEqual(['a', 'b']);
    expect(w.activeTerminalId).toBe('b');
  });

  it('keeps the keyboard where it is for a terminal that appears in the background, unless none has it', () => {
    let w = addTerminal(EMPTY_WORKSPACE, terminal('a'), false);
    expect(w.activeTerminalId).toBe('a');
    w = addTerminal(w, terminal('b'), false);
    expect(w.activeTerminalId).toBe('a');
  });

  it('splits the pane asked for, once, and focuses the new pane', () => {
    let w = splitNext(open('a', 'b'), 'a', 'c', 'vertical');
    expect(w.tabs).toHaveLength(2);
    expect(panesOf(w, 'a')).toEqual(['a', 'c']);
    expect(tabOf(w, 'c')).toMatchObject({ id: 'a', focus: 'c' });
    expect(w.pendingSplit).toBeNull();
    w = addTerminal(w, terminal('d'));
    expect(w.tabs.map((t) => t.id)).toEqual(['a', 'b', 'd']);
  });

  it('opens a tab of its own when the pane to split is gone, and keeps the request', () => {
    const w = splitNext(open('a'), 'gone', 'b');
    expect(w.tabs.map((t) => t.id)).toEqual(['a', 'b']);
    expect(w.pendingSplit).toEqual({ target: 'gone', orientation: 'horizontal' });
  });

  it('adds a terminal it knows only once (a re-attach)', () => {
    const w = addTerminal(open('a', 'b'), terminal('a'));
    expect(w.terminals.map((t) => t.id)).toEqual(['a', 'b']);
    expect(w.tabs).toHaveLength(2);
    expect(w.activeTerminalId).toBe('a');
  });
});

describe('closing panes (an exit, a close)', () => {
  it('gives the keyboard to the nearest pane of the same tab, and closes up the layout', () => {
    let w = splitNext(splitNext(open('a'), 'a', 'b'), 'b', 'c');
    w = activateTerminal(w, 'b');
    expect(panesOf(w, 'b')).toEqual(['a', 'b', 'c']);

    w = removeTerminal(w, 'b');
    expect(w.activeTerminalId).toBe('a');
    expect(tabOf(w, 'a')).toMatchObject({ focus: 'a' });
    expect(panesOf(w, 'a')).toEqual(['a', 'c']);
    expect(w.tabs).toHaveLength(1);
  });

  it('drops a zoom on a closed pane', () => {
    let w = splitNext(open('a'), 'a', 'b');
    w = toggleZoom(w, 'a');
    expect(tabOf(w, 'b')?.zoomed).toBe('b');
    w = removeTerminal(w, 'b');
    expect(tabOf(w, 'a')).toMatchObject({ focus: 'a', zoomed: null });
  });

  it("closes the tab with its last pane, and the keyboard goes to the next tab's focused pane", () => {
    let w = splitNext(open('one', 'two'), 'two', 'two-b');
    w = activateTerminal(w, 'two');
    w = addTerminal(w, terminal('three'));
    w = activateTerminal(w, 'one');

    w = removeTerminal(w, 'one');
    expect(w.tabs.map((t) => t.id)).toEqual(['two', 'three']);
    // The flat list's neighbour would be 'two'; the tab's own focus is 'two' as well, but moved there, not to 'two-b'.
    expect(w.activeTerminalId).toBe(tabOf(w, 'two')!.focus);

    w = activateTerminal(w, 'three');
    w = removeTerminal(w, 'three');
    expect(w.activeTerminalId).toBe('two');
  });

  it('leaves the keyboard alone when a pane of another tab closes', () => {
    let w = splitNext(open('a'), 'a', 'b');
    w = addTerminal(w, terminal('c'));
    w = removeTerminal(w, 'b');
    expect(w.activeTerminalId).toBe('c');
    expect(tabOf(w, 'a')).toMatchObject({ focus: 'a', root: leaf('a') });
  });

  it('leaves nothing active once the last pane of the last tab is gone', () => {
    const w = removeTerminal(open('only'), 'only');
    expect(w.activeTerminalId).toBeUndefined();
    expect(w.tabs).toEqual([]);
    expect(w.terminals).toEqual([]);
  });

  it('changes nothing for a terminal it does not know', () => {
    const w = open('a');
    expect(removeTerminal(w, 'b')).toBe(w);
  });
});

describe('tabs', () => {
  it('cycles to the focused pane of the next tab, wrapping around', () => {
    let w = splitNext(open('a'), 'a', 'a2');
    w = addTerminal(w, terminal('b'));
    w = cycleTabs(w, 1);
    expect(w.activeTerminalId).toBe('a2');
    w = cycleTabs(w, -1);
    expect(w.activeTerminalId).toBe('b');
  });

  it('moves a tab in the bar', () => {
    expect(moveTab(open('a', 'b', 'c'), 2, 0).tabs.map((t) => t.id)).toEqual(['c', 'a', 'b']);
  });

  it('shows the active tab’s panes, or only the zoomed one', () => {
    let w = splitNext(open('a'), 'a', 'b');
    expect(visibleTerminalsOf(w)).toEqual(['a', 'b']);
    w = toggleZoom(w, 'a');
    expect(visibleTerminalsOf(w)).toEqual(['b']);
  });

  it('updates a terminal without touching the layout', () => {
    const w = open('a');
    const renamed = updateTerminal(w, 'a', { customTitle: 'build' });
    expect(renamed.terminals[0]!.customTitle).toBe('build');
    expect(renamed.tabs).toBe(w.tabs);
  });
});

describe('a stored layout', () => {
  it('lays out the known terminals as stored and keeps the others after them', () => {
    const w = open('a', 'b', 'c');
    const stored = [{ root: { kind: 'split', orientation: 'vertical', children: [leaf('c'), leaf('a'), leaf('gone')] }, focus: 'a' }];
    const restored = applyLayout(w, stored);
    expect(restored.tabs.map((t) => [t.id, leaves(t.root), t.focus])).toEqual([
      ['c', ['c', 'a'], 'a'],
      ['b', ['b'], 'b'],
    ]);
  });

  it('ignores what is not a layout', () => {
    const w = open('a');
    expect(applyLayout(w, 'nonsense')).toBe(w);
  });
});
