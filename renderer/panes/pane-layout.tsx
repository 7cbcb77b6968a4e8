// SPDX-License-Identifier: MIT
import { Fragment } from 'react';
import { Group, Panel, Separator } from 'react-resizable-panels';
import type { PaneNode } from '../state/pane-tree';
import { leaves } from '../state/pane-tree';
import { useWorkspace, type Tab } from '../state/workspace';
import { useFind } from '../find/find-state';
import { TerminalFindBar } from '../terminal/terminal-find-bar';
import { StickyCommand } from '../terminal/sticky-command';
import { TerminalView } from '../terminal/terminal-view';
import { PaneOverlays } from './pane-overlays';

/**
 * One terminal of the tab. The focused one carries the `terminal` hook the rest of the app knows.
 * Its find bar is drawn inside it, over its own output only.
 */
const PaneLeaf = ({ id, focused, single }: { id: string; focused: boolean; single: boolean }) => {
  const finding = useFind((state) => state.paneId === id);
  // As main says (PtyInfo.recording): a split of a private pane is private there, whatever the page asked.
  const isPrivate = useWorkspace((state) => state.terminals.find((t) => t.id === id)?.recording === 'private');
  return (
    <div
      className={`pane${focused ? ' focused' : ''}${single ? ' single' : ''}`}
      data-testid="pane"
      data-session-id={id}
      data-private={isPrivate ? 'true' : undefined}
      aria-selected={focused}
      // Capture: the click that focuses xterm also makes this the active pane, before xterm sees it.
      onMouseDownCapture={() => {
        if (useWorkspace.getState().activeTerminalId !== id) useWorkspace.getState().activate(id);
      }}
    >
      <StickyCommand id={id} />
      {finding && <TerminalFindBar id={id} onClose={() => useFind.getState().close()} />}
      <TerminalView id={id} focused={focused} />
      {/* Siblings of the terminal's container, never inside it: xterm owns the container's children. */}
      <PaneOverlays id={id} />
    </div>
  );
};

const PaneNodeView = ({ node, focus, single }: { node: PaneNode; focus: string; single: boolean }) => {
  // Keyed by terminal: a container never changes hands (it would keep the previous xterm in it).
  if (node.kind === 'leaf') return <PaneLeaf key={node.id} id={node.id} focused={node.id === focus} single={single} />;
  return (
    <Group orientation={node.orientation} className="pane-split">
      {node.children.map((child, index) => {
        // Keyed by the child's first terminal: a split elsewhere does not remount this one's xterm.
        const key = leaves(child)[0]!;
        return (
          <Fragment key={key}>
            {index > 0 && <Separator className={`pane-separator ${node.orientation}`} />}
            <Panel id={key} minSize={80}>
              <PaneNodeView node={child} focus={focus} single={false} />
            </Panel>
          </Fragment>
        );
      })}
    </Group>
  );
};

/**
 * The active tab's panes, split and resizable by dragging (react-resizable-panels: keyboard
 * resizing and ARIA separators come with it); a zoomed pane takes the whole tab.
 */
export const PaneLayout = ({ tab }: { tab: Tab }) => {
  if (tab.zoomed) return <PaneLeaf key={tab.zoomed} id={tab.zoomed} focused single />;
  return <PaneNodeView key={tab.id} node={tab.root} focus={tab.focus} single={tab.root.kind === 'leaf'} />;
};
