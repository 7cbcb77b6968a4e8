// SPDX-License-Identifier: MIT
import { useEffect, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { EyeOffIcon, RecordOffIcon } from '../layout/icons';
import { TabDoneBadge } from '../notify/tab-done-badge';
import { useCommands } from '../state/commands';
import { rememberTabName } from '../state/tab-memory';
import type { Orientation } from '../state/pane-tree';
import { leaves } from '../state/pane-tree';
import type { RecordingState } from '../../shared/ipc/history';
import { useTerminalTitles } from '../state/terminal-titles';
import { useWorkspace, type Tab, type Terminal } from '../state/workspace';
import { focusActiveTerminal } from '../terminal/terminal-focus';
import { ProfileMenuButton } from './profile-menu';
import { TabMenu, useTabMenu } from './tab-menu';
import { useForeground } from './tab-foreground';
import { tabRecording } from './tab-recording';
import { tabTitle } from './tab-title';

export interface TabBarProps {
  readonly onNew: () => void;
  readonly onNewPrivate: () => void;
  /** A new tab with a profile ('' the plain shell); and where profiles are edited. */
  readonly onNewWithProfile: (profileId: string) => void;
  readonly onEditProfiles: () => void;
  readonly onClose: (id: string) => void;
  readonly onRecording: (id: string, paused: boolean) => void;
  /** Splits the focused pane: 'horizontal' puts the new one to the right, 'vertical' below. */
  readonly onSplit: (orientation: Orientation) => void;
  /** An action's shortcut as the user has it (Settings → Keys), for tooltips; '' when none. */
  readonly shortcutFor: (action: 'pane-split-right' | 'pane-split-down') => string;
}

/** The title sources that change while a terminal lives: its running command and program, its directory. */
const useTitle = (terminal: Terminal): string => {
  const running = useCommands((state) => state.bySession[terminal.sessionId]?.findLast((c) => c.endedAt === null));
  const cwd = useCommands((state) => state.sessions[terminal.sessionId]?.cwd ?? null);
  const foreground = useForeground((state) => state.byId[terminal.id] ?? null);
  return tabTitle({ custom: terminal.customTitle, program: terminal.programTitle, running, foreground, cwd, shell: terminal.shell });
};

/** A tab's name is its focused terminal's (names are kept per terminal). */
const rename = (id: string, name: string) => {
  const customTitle = name.trim() || null;
  useWorkspace.getState().update(id, { customTitle });
  rememberTabName(
    id,
    customTitle,
    useWorkspace.getState().terminals.map((t) => t.id),
  );
};

/** What a tab header says about recording, for its tooltip and screen readers. */
const RECORDING_NOTE = {
  on: '',
  paused: 'Recording paused: nothing this terminal runs or prints is saved. ',
  private: 'Private: nothing this terminal runs or prints is saved or given to the assistant. ',
} as const;

/** The "not recorded" marks in a tab header: a private badge, or a paused one that resumes on click. */
const RecordingBadge = ({
  terminal,
  recording,
  onRecording,
}: {
  terminal: Terminal;
  recording: RecordingState;
  onRecording: TabBarProps['onRecording'];
}) => {
  if (recording === 'private') {
    return (
      <span className="tab-badge private" data-testid="tab-private-badge">
        <EyeOffIcon size={12} />
        Private
      </span>
    );
  }
  if (recording !== 'paused' || terminal.recording !== 'paused') return null;
  return (
    <button
      className="tab-badge paused"
      data-testid="tab-paused-badge"
      aria-label="Not recording (paused): resume recording"
      title="Not recording: paused. Click to resume recording."
      onMouseDown={(event) => event.preventDefault()}
      onClick={(event) => {
        event.stopPropagation();
        onRecording(terminal.id, false);
      }}
      onDoubleClick={(event) => event.stopPropagation()}
    >
      <RecordOffIcon size={12} />
      Paused
    </button>
  );
};

const TabHeader = ({
  terminal,
  tab,
  active,
  onClose,
  onRecording,
}: { terminal: Terminal; tab: Tab; active: boolean } & Pick<TabBarProps, 'onClose' | 'onRecording'>) => {
  const panes = leaves(tab.root).length;
  const recording = useWorkspace((state) => {
    const ids = leaves(tab.root);
    return tabRecording(
      terminal.recording,
      state.terminals.filter((t) => ids.includes(t.id)).map((t) => t.recording),
    );
  });
  const title = useTitle(terminal);
  // Published for an assistant's step, which names the terminal it runs in as this tab does.
  useEffect(() => useTerminalTitles.getState().shown(terminal.id, title), [terminal.id, title]);
  const editing = useTabMenu((state) => state.renaming === terminal.id);
  // Enter/Esc end the edit; the blur that follows when the input goes away must not end it again.
  const finished = useRef(false);
  const finish = (name: string | undefined) => {
    if (finished.current) return;
    finished.current = true;
    useTabMenu.getState().rename(undefined);
    if (name !== undefined) rename(terminal.id, name);
    focusActiveTerminal();
  };
  useEffect(() => {
    if (editing) finished.current = false;
  }, [editing]);
  return (
    <div
      className={`tab${active ? ' active' : ''}${terminal.exited ? ' exited' : ''} recording-${recording}`}
      role="tab"
      data-testid="tab"
      data-pty-id={terminal.id}
      data-recording={recording}
      data-private={recording === 'private' ? 'true' : undefined}
      aria-selected={active}
      aria-haspopup="menu"
      aria-description={RECORDING_NOTE[recording] || undefined}
      data-panes={panes}
      data-zoomed={tab.zoomed ? 'true' : undefined}
      tabIndex={active ? 0 : -1}
      draggable={!editing}
      onDragStart={(event) => event.dataTransfer.setData('application/x-contexterm-tab', tab.id)}
      onDragOver={(event) => {
        if (event.dataTransfer.types.includes('application/x-contexterm-tab')) event.preventDefault();
      }}
      onDrop={(event) => {
        const moved = event.dataTransfer.getData('application/x-contexterm-tab');
        const { tabs, moveTab } = useWorkspace.getState();
        const from = tabs.findIndex((t) => t.id === moved);
        if (from !== -1)
          moveTab(
            from,
            tabs.findIndex((t) => t.id === tab.id),
          );
      }}
      title={`${RECORDING_NOTE[recording]}${title} (double-click to rename, right-click for more)`}
      onContextMenu={(event) => {
        event.preventDefault();
        useTabMenu.getState().show(terminal.id, { x: event.clientX, y: event.clientY });
      }}
      // The menu key and Shift+F10 open this menu through the app's shortcuts (see keybindings.ts).
      onKeyDown={(event) => {
        // Keys on the buttons inside (close, resume) are theirs.
        if (editing || event.target !== event.currentTarget) return;
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          useWorkspace.getState().activate(terminal.id);
          focusActiveTerminal();
        }
      }}
      onMouseDown={(event) => {
        if (event.button === 1) {
          event.preventDefault();
          onClose(terminal.id);
        }
      }}
      onClick={() => {
        useWorkspace.getState().activate(terminal.id);
        // A double-click's name editor keeps the focus: focusActiveTerminal leaves a field alone.
        if (!editing) focusActiveTerminal();
      }}
      onDoubleClick={() => useTabMenu.getState().rename(terminal.id)}
    >
      <RecordingBadge terminal={terminal} recording={recording} onRecording={onRecording} />
      <TabDoneBadge terminalIds={leaves(tab.root)} />
      {editing ? (
        <input
          className="tab-rename"
          data-testid="tab-rename"
          aria-label="Tab name (empty for the automatic name)"
          defaultValue={terminal.customTitle ?? title}
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
      {panes > 1 && (
        <span
          className="tab-panes"
          title={`${panes} panes${tab.zoomed ? ', one zoomed' : ''}`}
          aria-label={`${panes} panes${tab.zoomed ? ', one zoomed' : ''}`}
        >
          {tab.zoomed ? `⤢${panes}` : panes}
        </span>
      )}
      <button
        className="tab-close"
        aria-label={`Close ${title}`}
        data-testid="tab-close"
        // The button must not take focus: it is about to disappear and take the focus with it.
        onMouseDown={(event) => event.preventDefault()}
        onClick={(event) => {
          event.stopPropagation();
          onClose(terminal.id);
        }}
      >
        ×
      </button>
    </div>
  );
};

const SPLITS = [
  { orientation: 'horizontal', testId: 'pane-split-right', action: 'pane-split-right', label: 'Split right', icon: '◫' },
  { orientation: 'vertical', testId: 'pane-split-down', action: 'pane-split-down', label: 'Split down', icon: '⊟' },
] as const;

export const TabBar = ({
  onNew,
  onNewPrivate,
  onNewWithProfile,
  onEditProfiles,
  onClose,
  onRecording,
  onSplit,
  shortcutFor,
}: TabBarProps) => {
  const { terminals, tabs, activeId } = useWorkspace(
    useShallow((state) => ({ terminals: state.terminals, tabs: state.tabs, activeId: state.activeTerminalId })),
  );
  // A split needs a pane to split: with no terminal open the buttons would do nothing.
  const splittable = tabs.length > 0;
  return (
    <div className="tab-bar" role="tablist" aria-label="Terminals">
      {tabs.map((tab) => {
        // A tab shows its focused pane's terminal: title, recording state, close.
        const terminal = terminals.find((t) => t.id === tab.focus);
        if (!terminal) return null;
        const active = activeId !== undefined && leaves(tab.root).includes(activeId);
        return <TabHeader key={tab.id} terminal={terminal} tab={tab} active={active} onClose={onClose} onRecording={onRecording} />;
      })}
      <button className="tab-new" data-testid="tab-new" aria-label="New tab (Ctrl+Shift+T)" title="New tab (Ctrl+Shift+T)" onClick={onNew}>
        +
      </button>
      <ProfileMenuButton onOpen={(id) => onNewWithProfile(id ?? '')} onEdit={onEditProfiles} />
      <button
        className="tab-new tab-private-new"
        data-testid="tab-private"
        aria-label="New private tab (not recorded)"
        title="New private tab (not recorded)"
        onClick={onNewPrivate}
      >
        <EyeOffIcon size={15} />
      </button>
      {SPLITS.map(({ orientation, testId, action, label, icon }) => {
        // The shortcut as the user has it now (Settings → Keys), not a hard-coded default.
        const shortcut = shortcutFor(action);
        const title = !splittable ? `${label}: no terminal open to split` : shortcut ? `${label} (${shortcut})` : label;
        return (
          <button
            key={testId}
            className="tab-new tab-split"
            data-testid={testId}
            aria-label={title}
            title={title}
            disabled={!splittable}
            onClick={() => onSplit(orientation)}
          >
            {icon}
          </button>
        );
      })}
      <TabMenu handlers={{ setRecording: onRecording, close: onClose }} />
    </div>
  );
};
