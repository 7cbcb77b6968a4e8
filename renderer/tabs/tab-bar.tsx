// SPDX-License-Identifier: MIT
import { useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useCommands } from '../state/commands';
import { rememberTabName } from '../state/tab-memory';
import { useTabs, type Tab } from '../state/tabs';
import { focusActiveTerminal } from '../terminal/terminal-focus';
import { tabTitle } from './tab-title';

export interface TabBarProps {
  readonly onNew: () => void;
  readonly onClose: (id: string) => void;
}

/** The title sources that change while a tab lives: its running command and current directory. */
const useTitle = (tab: Tab): string => {
  const running = useCommands((state) => state.bySession[tab.sessionId]?.findLast((c) => c.endedAt === null));
  const cwd = useCommands((state) => state.sessions[tab.sessionId]?.cwd ?? null);
  return tabTitle({ custom: tab.customTitle, program: tab.programTitle, running, cwd, shell: tab.shell });
};

const rename = (id: string, name: string) => {
  const customTitle = name.trim() || null;
  useTabs.getState().update(id, { customTitle });
  rememberTabName(id, customTitle, useTabs.getState().tabs.map((t) => t.id));
};

const TabHeader = ({ tab, active, onClose }: { tab: Tab; active: boolean; onClose: (id: string) => void }) => {
  const title = useTitle(tab);
  const [editing, setEditing] = useState(false);
  // Enter/Esc end the edit; the blur that follows when the input goes away must not end it again.
  const finished = useRef(false);
  const finish = (name: string | undefined) => {
    if (finished.current) return;
    finished.current = true;
    setEditing(false);
    if (name !== undefined) rename(tab.id, name);
    focusActiveTerminal();
  };
  return (
    <div
      className={`tab${active ? ' active' : ''}${tab.exited ? ' exited' : ''}`}
      role="tab"
      data-testid="tab"
      data-pty-id={tab.id}
      aria-selected={active}
      title={`${title} (double-click to rename)`}
      onMouseDown={(event) => {
        if (event.button === 1) {
          event.preventDefault();
          onClose(tab.id);
        }
      }}
      onClick={() => {
        useTabs.getState().activate(tab.id);
        // A double-click's name editor keeps the focus: focusActiveTerminal leaves a field alone.
        if (!editing) focusActiveTerminal();
      }}
      onDoubleClick={() => {
        finished.current = false;
        setEditing(true);
      }}
    >
      {editing ? (
        <input
          className="tab-rename"
          data-testid="tab-rename"
          aria-label="Tab name (empty for the automatic name)"
          defaultValue={tab.customTitle ?? title}
          autoFocus
          onFocus={(event) => event.currentTarget.select()}
          onClick={(event) => event.stopPropagation()}
          onKeyDown={(event) => {
            if (event.key === 'Enter') finish(event.currentTarget.value);
            else if (event.key === 'Escape') finish(undefined);
          }}
          onBlur={(event) => finish(event.currentTarget.value)}
        />
      ) : (
        <span className="tab-title">{title}</span>
      )}
      <button
        className="tab-close"
        aria-label={`Close ${title}`}
        data-testid="tab-close"
        // The button must not take focus: it is about to disappear and take the focus with it.
        onMouseDown={(event) => event.preventDefault()}
        onClick={(event) => {
          event.stopPropagation();
          onClose(tab.id);
        }}
      >
        ×
      </button>
    </div>
  );
};

export const TabBar = ({ onNew, onClose }: TabBarProps) => {
  const { tabs, activeId } = useTabs(useShallow((state) => ({ tabs: state.tabs, activeId: state.activeId })));
  return (
    <div className="tab-bar" role="tablist" aria-label="Terminals">
      {tabs.map((tab) => (
        <TabHeader key={tab.id} tab={tab} active={tab.id === activeId} onClose={onClose} />
      ))}
      <button className="tab-new" data-testid="tab-new" aria-label="New tab (Ctrl+Shift+T)" title="New tab (Ctrl+Shift+T)" onClick={onNew}>
        +
      </button>
    </div>
  );
};
