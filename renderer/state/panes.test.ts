// SPDX-License-Identifier: MIT
import { beforeEach, describe, expect, it } from 'vitest';
import { leaves } from './pane-tree';
import { groupOf, usePanes } from './panes';
import { useTabs, type Tab } from './tabs';

const tab = (id: string): Tab => ({ id, sessionId: id, shell: 'bash', programTitle: null, customTitle: null, exited: false, exitCode: null, recording: 'on' });

/** Opens `id` as a split next to `target`, as openTab does (the split is asked for before the terminal appears). */
const splitNext = (target: string, id: string) => {
  usePanes.setState({ pendingSplit: { target, orientation: 'horizontal' } });
  useTabs.getState().add(tab(id));
};

describe('closing panes (an exit, a close)', () => {
  beforeEach(() => {
    for (const { id } of useTabs.getState().tabs) useTabs.getState().remove(id);
    usePanes.setState({ groups: [], pendingSplit: null });
  });

  it('gives the keyboard to the nearest pane of the same tab, and closes up the layout', () => {
    useTabs.getState().add(tab('a'));
    splitNext('a', 'b');
    splitNext('b', 'c');
    useTabs.getState().activate('b');
    expect(leaves(groupOf('b')!.root)).toEqual(['a', 'b', 'c']);

    useTabs.getState().remove('b');
    expect(useTabs.getState().activeId).toBe('a');
    expect(groupOf('a')).toMatchObject({ focus: 'a' });
    expect(leaves(groupOf('a')!.root)).toEqual(['a', 'c']);
    expect(usePanes.getState().groups).toHaveLength(1);
  });

  it('drops a zoom on a closed pane', () => {
    useTabs.getState().add(tab('a'));
    splitNext('a', 'b');
    usePanes.getState().toggleZoom('a');
    expect(groupOf('b')?.zoomed).toBe('b');
    useTabs.getState().remove('b');
    expect(groupOf('a')).toMatchObject({ focus: 'a', zoomed: null });
  });

  it("closes the tab with its last pane, and the keyboard goes to the next tab's focused pane", () => {
    useTabs.getState().add(tab('one'));
    useTabs.getState().add(tab('two'));
    splitNext('two', 'two-b');
    useTabs.getState().activate('two');
    useTabs.getState().add(tab('three'));
    useTabs.getState().activate('one');

    useTabs.getState().remove('one');
    expect(usePanes.getState().groups.map((g) => g.id)).toEqual(['two', 'three']);
    // The flat list's neighbour would be 'two'; the tab's own focus is 'two' as well, but moved there, not to 'two-b'.
    expect(useTabs.getState().activeId).toBe(groupOf('two')!.focus);

    useTabs.getState().activate('three');
    useTabs.getState().remove('three');
    expect(useTabs.getState().activeId).toBe('two');
  });

  it('leaves nothing active once the last pane of the last tab is gone', () => {
    useTabs.getState().add(tab('only'));
    useTabs.getState().remove('only');
    expect(useTabs.getState().activeId).toBeUndefined();
    expect(usePanes.getState().groups).toEqual([]);
  });
});
