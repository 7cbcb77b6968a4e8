// SPDX-License-Identifier: MIT
import { useCallback, useEffect, useState } from 'react';
import { AssistantPane, ResizeHandle } from './assistant/assistant-pane';
import { startAssistant } from './assistant/assistant-sync';
import { ContextInspector } from './assistant/context/context-inspector';
import { hideAssistant, switchFocus } from './assistant/pane-focus';
import { useAssistant } from './assistant/store/assistant-store';
import { CommandsPanel } from './commands/commands-panel';
import { actionFor, type AppAction } from './keybindings';
import { ConfirmDialog } from './layout/confirm-dialog';
import { DragHandle } from './layout/drag-handle';
import { startHistorySync } from './history/history-actions';
import { RecordingBanner } from './history/recording-banner';
import './history/history.css';
import { SettingsPage } from './settings/settings-page';
import { startSettingsSync } from './settings/settings-sync';
import { useCommands } from './state/commands';
import { useLayout } from './state/layout';
import { useSettings } from './state/settings';
import { useTabs } from './state/tabs';
import { TabBar } from './tabs/tab-bar';
import { openTabMenu } from './tabs/tab-menu';
import { SearchBar } from './terminal/search-bar';
import { focusActiveTerminal } from './terminal/terminal-focus';
import { TerminalView } from './terminal/terminal-view';
import { closeTab, controllerFor, isBusy, openTab, setRecording, syncTabs } from './terminal/terminals';
import { api, connection } from './transport/api';

/** Where the context-menu keys mean "this tab's menu": the terminal, a tab header, or nothing focused. */
const tabMenuTarget = (target: EventTarget | null): boolean =>
  !(target instanceof Element) || target === document.body || target.closest('.terminal-pane, [role="tab"]') !== null;

export const App = () => {
  const activeId = useTabs((state) => state.activeId);
  const activeRecording = useTabs((state) => state.tabs.find((tab) => tab.id === state.activeId)?.recording);
  const [findOpen, setFindOpen] = useState(false);
  const [confirm, setConfirm] = useState<{ id: string; process: string } | undefined>();
  const [status, setStatus] = useState<'open' | 'connecting' | 'closed'>('open');
  const [error, setError] = useState<string | undefined>();
  const [notices, setNotices] = useState<readonly string[]>([]);
  const assistantOpen = useAssistant((state) => state.open);
  const paneWidth = useAssistant((state) => state.width);
  const inspectorOpen = useAssistant((state) => state.inspectorOpen);
  const settingsOpen = useSettings((state) => state.pageOpen);
  const sideOpen = useLayout((state) => state.sideOpen);
  const commandsHeight = useLayout((state) => state.commandsHeight);

  const report = useCallback((failure: unknown) => setError((failure as Error)?.message ?? String(failure)), []);

  const requestClose = useCallback(
    async (id: string) => {
      const process = await isBusy(id);
      if (process) setConfirm({ id, process });
      else {
        await closeTab(id);
        focusActiveTerminal();
      }
    },
    [],
  );

  const run = useCallback(
    (action: AppAction) => {
      const id = useTabs.getState().activeId;
      const controller = id ? controllerFor(id) : undefined;
      switch (action) {
        case 'tab-new':
          return void openTab().catch(report);
        case 'tab-close':
          return void (id && requestClose(id).catch(report));
        case 'tab-next':
          return useTabs.getState().cycle(1);
        case 'tab-previous':
          return useTabs.getState().cycle(-1);
        case 'find':
          return setFindOpen(true);
        case 'command-previous':
        case 'command-next': {
          const commandId = controller?.jumpCommand(action === 'command-previous' ? -1 : 1);
          if (commandId) useCommands.getState().select(commandId);
          return;
        }
        case 'copy': {
          const selection = controller?.term.getSelection();
          if (selection) void navigator.clipboard.writeText(selection).catch(report);
          return;
        }
        case 'paste':
          return void navigator.clipboard
            .readText()
            .then((text) => controller?.paste(text))
            .catch(report);
        case 'assistant-toggle':
          if (useAssistant.getState().open && useLayout.getState().sideOpen) return hideAssistant();
          useLayout.getState().setSideOpen(true);
          useAssistant.getState().setOpen(true);
          return useAssistant.getState().requestFocus();
        case 'side-toggle':
          useLayout.getState().setSideOpen(!useLayout.getState().sideOpen);
          return focusActiveTerminal();
        case 'focus-switch':
          return switchFocus();
        case 'tab-menu':
          return void (id && openTabMenu(id));
      }
    },
    [report, requestClose],
  );

  useEffect(() => {
    const stopSettings = startSettingsSync();
    const stopAssistant = startAssistant();
    const stopHistory = startHistorySync();
    return () => {
      stopSettings();
      stopAssistant();
      stopHistory();
    };
  }, []);

  useEffect(() => {
    void api.invoke('app:info', {}).then((info) => info.ok && setNotices(info.value.notices));
  }, []);

  useEffect(() => {
    void syncTabs().catch(report);
    let first = true;
    const unsubscribe = connection.onStatus((next) => {
      setStatus(next);
      if (next === 'open' && !first) void syncTabs().catch(report);
      if (next === 'open') first = false;
    });
    const onKey = (event: KeyboardEvent) => {
      const action = actionFor(event);
      if (!action || (action === 'tab-menu' && !tabMenuTarget(event.target))) return;
      event.preventDefault();
      event.stopPropagation();
      run(action);
    };
    window.addEventListener('keydown', onKey, true);
    return () => {
      unsubscribe();
      window.removeEventListener('keydown', onKey, true);
    };
  }, [run, report]);

  useEffect(() => {
    if (activeId) focusActiveTerminal();
  }, [activeId]);

  return (
    <div className="app">
      <header className="top-bar">
        <TabBar
          onNew={() => run('tab-new')}
          onNewPrivate={() => void openTab({ private: true }).catch(report)}
          onClose={(id) => void requestClose(id).catch(report)}
          onRecording={(id, paused) => void setRecording(id, paused).catch(report)}
        />
        <div className="top-actions">
          <button
            className={`top-button${sideOpen ? ' active' : ''}`}
            data-testid="side-toggle"
            aria-pressed={sideOpen}
            title="Side pane: commands and assistant (Ctrl+Shift+B)"
            onClick={() => run('side-toggle')}
          >
            ◧ Panel
          </button>
          <button
            className={`top-button${assistantOpen && sideOpen ? ' active' : ''}`}
            data-testid="assistant-toggle"
            aria-pressed={assistantOpen && sideOpen}
            title="Assistant (Ctrl+Shift+A)"
            onClick={() => run('assistant-toggle')}
          >
            ✦ Assistant
          </button>
          <button className="top-button" data-testid="settings-open" aria-label="Settings" title="Settings" onClick={() => useSettings.getState().setPageOpen(true)}>
            ⚙
          </button>
        </div>
      </header>
      {status !== 'open' && <div className="banner">Connection to Contexterm lost — reconnecting…</div>}
      {notices.map((notice) => (
        <div key={notice} className="banner" role="status" data-testid="app-notice" onClick={() => setNotices((all) => all.filter((n) => n !== notice))}>
          {notice}
        </div>
      ))}
      {error && (
        <div className="banner error" role="alert" onClick={() => setError(undefined)}>
          {error}
        </div>
      )}
      <main className="workspace">
        <section className={`terminal-pane recording-${activeRecording ?? 'on'}`} data-recording={activeRecording}>
          <RecordingBanner />
          {findOpen && activeId && <SearchBar id={activeId} onClose={() => setFindOpen(false)} />}
          {activeId ? (
            <TerminalView key={activeId} id={activeId} />
          ) : (
            <div className="empty-state">
              <p>No terminals open.</p>
              <button onClick={() => run('tab-new')} title={connection.host === 'electron' ? 'Ctrl+Shift+T' : 'or the + in the tab bar'}>
                New terminal
              </button>
            </div>
          )}
        </section>
        {sideOpen && (
          <aside className={`side-pane${assistantOpen ? ' with-assistant' : ''}`} data-testid="side-pane" style={{ width: paneWidth }}>
            <ResizeHandle />
            <CommandsPanel sessionId={activeId} height={assistantOpen ? commandsHeight : undefined} />
            {assistantOpen && (
              <DragHandle
                orientation="horizontal"
                value={commandsHeight}
                direction={1}
                onChange={(height) => useLayout.getState().setCommandsHeight(height)}
                label="Resize the commands list"
                testId="commands-resize"
                className="split-resize"
              />
            )}
            {assistantOpen && <AssistantPane />}
          </aside>
        )}
      </main>
      {inspectorOpen && <ContextInspector />}
      {settingsOpen && <SettingsPage />}
      {confirm && (
        <ConfirmDialog
          message={`“${confirm.process}” is still running in this tab. Close it and end the process?`}
          confirmLabel="Close tab"
          onCancel={() => {
            setConfirm(undefined);
            focusActiveTerminal();
          }}
          onConfirm={() => {
            const { id } = confirm;
            setConfirm(undefined);
            void closeTab(id).then(focusActiveTerminal, report);
          }}
        />
      )}
    </div>
  );
};
