// SPDX-License-Identifier: MIT
import { useCallback, useEffect, useLayoutEffect, useState } from 'react';
import { ResizeHandle } from './assistant/resize-handle';
import { useAssistant } from './assistant/store/assistant-store';
import { CommandOverlays } from './commands/command-overlays';
import { CommandsPanel } from './commands/commands-panel';
import { useBindings } from './actions/bindings';
import { shortcutOf } from './actions/keys';
import { runAction } from './actions/run-action';
import { actionFor, completionKeys, isKeyRecorder, type AppAction } from './keybindings';
import { InlineAskBox } from './inline-ask/inline-ask-box';
import { HistorySearchOverlay } from './history-search/history-search-overlay';
import { CompletionMenu } from './completion/completion-menu';
import { useCloseConfirm } from './terminal/close-confirm';
import { ConnectionBanner } from './layout/connection-banner';
import { DragHandle } from './layout/drag-handle';
import { startHistorySync } from './history/history-actions';
import { RecordingBanner } from './history/recording-banner';
import { SyncBanner } from './sync/sync-banner';
import { SshNoticeLine } from './ssh/ssh-notice';
import { InsertDialog } from './terminal/insert/insert-dialog';
import { InsertNoticeLine } from './terminal/insert/insert-notice';
import './history/history.css';
import { startSettingsSync } from './settings/settings-sync';
import { useLayout } from './state/layout';
import { useSettings } from './state/settings';
import { activeTerminalId, useWorkspace } from './state/workspace';
import { TabBar } from './tabs/tab-bar';
import { useFind } from './find/find-state';
import { focusActiveTerminal } from './terminal/terminal-focus';
import { isMac } from './terminal/link-routing';
import { TerminalMenu } from './terminal/terminal-menu';
import { PaneLayout } from './panes/pane-layout';
import { RestoreOffer } from './panes/restore-offer';
import './panes/panes.css';
import { tabTerminals } from './panes/pane-actions';
import { contains } from './state/pane-tree';
import { setRecording, startTerminalSync, syncTerminals } from './terminal/terminals';
import { api, connection } from './transport/api';
import { useFirstOutput } from './lazy/first-output';
import { endFirstTerminalStage } from './lazy/first-terminal';
import { takeHeldKeys } from './held-keys';
import {
  LazyAssistantPane,
  LazyCommandPalette,
  LazyContextInspector,
  LazySettingsPage,
  prefetchLazyParts,
  startLater,
} from './lazy/lazy-parts';
import { usePalette } from './state/palette';

/** Where the context-menu keys mean "this tab's menu": the terminal, a tab header, or nothing focused. */
const tabMenuTarget = (target: EventTarget | null): boolean =>
  !(target instanceof Element) || target === document.body || target.closest('.terminal-pane, [role="tab"]') !== null;

export const App = () => {
  const activeId = useWorkspace((state) => state.activeTerminalId);
  const activeRecording = useWorkspace((state) => state.terminals.find((terminal) => terminal.id === state.activeTerminalId)?.recording);
  // Re-rendered when the layout changes; the active tab is the one holding the active terminal.
  const activeTab = useWorkspace((state) => (activeId === undefined ? undefined : state.tabs.find((tab) => contains(tab.root, activeId))));
  const [error, setError] = useState<string | undefined>();
  const [notices, setNotices] = useState<readonly string[]>([]);
  const assistantOpen = useAssistant((state) => state.open);
  const paneWidth = useAssistant((state) => state.width);
  const inspectorOpen = useAssistant((state) => state.inspectorOpen);
  const settingsOpen = useSettings((state) => state.pageOpen);
  const sideOpen = useLayout((state) => state.sideOpen);
  const commandsHeight = useLayout((state) => state.commandsHeight);
  const paletteOpen = usePalette((state) => state.open);
  // What the first prompt does not need starts once it is drawn (renderer/lazy/).
  const firstOutput = useFirstOutput(activeId);
  const [assistantReady, setAssistantReady] = useState(false);

  const bindings = useBindings();
  /** An action's shortcut as shown in tooltips: " (Ctrl+Shift+B)", or nothing once the user removed it. */
  const keys = (id: AppAction) => {
    const shortcut = shortcutOf(bindings, id, isMac());
    return shortcut ? ` (${shortcut})` : '';
  };

  const report = useCallback((failure: unknown) => setError((failure as Error)?.message ?? String(failure)), []);

  /** Closes terminals (a pane, or every pane of a tab), asking first if one still runs something. */
  const { requestClose, dialog: closeDialog } = useCloseConfirm(report);

  /** Every action (keys, palette, menus, buttons) runs through the registry (renderer/actions). */
  const run = useCallback(
    (action: AppAction, arg?: string) =>
      runAction(action, { report, requestClose, openFind: () => useFind.getState().open(activeTerminalId()) }, arg),
    [report, requestClose],
  );

  // After the panes' own layout effects took the staged terminal over (TerminalView), before the
  // first paint: the stand-in and the app are never both on screen.
  useLayoutEffect(endFirstTerminalStage, []);

  useEffect(() => {
    performance.mark('ct:app-mounted');
    const stopSettings = startSettingsSync();
    const stopHistory = startHistorySync();
    return () => {
      stopSettings();
      stopHistory();
    };
  }, []);

  useEffect(() => {
    if (!firstOutput) return undefined;
    prefetchLazyParts();
    const stops = [
      startLater(() => import('./assistant/assistant-sync').then((m) => () => m.startAssistant(() => setAssistantReady(true)))),
      startLater(() => import('./notify/start-notify').then((m) => m.startNotify)),
    ];
    return () => stops.forEach((stop) => stop());
  }, [firstOutput]);

  useEffect(() => {
    void api.invoke('app:info', {}).then((info) => info.ok && setNotices(info.value.notices));
  }, []);

  useEffect(() => {
    // The start's own pass (boot.ts began it): it may be over by now, and a second would attach
    // the new terminal again, painting it twice.
    void startTerminalSync().catch(report);
    let first = true;
    const unsubscribe = connection.onStatus((next) => {
      if (next === 'open' && !first) void syncTerminals().catch(report);
      if (next === 'open') first = false;
    });
    const onKey = (event: KeyboardEvent) => {
      const action = isKeyRecorder(event.target) ? undefined : actionFor(event);
      if (!action || (action === 'tab-menu' && !tabMenuTarget(event.target))) return;
      event.preventDefault();
      event.stopPropagation();
      run(action);
    };
    window.addEventListener('keydown', onKey, true);
    // Shortcuts pressed while the first terminal was drawn before the app (boot.ts).
    for (const action of takeHeldKeys()) run(action);
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
          onNewPrivate={() => run('tab-new-private')}
          onNewWithProfile={(profileId) => run('tab-new-profile', profileId)}
          onEditProfiles={() => {
            useSettings.getState().setPageOpen(true);
            requestAnimationFrame(() => document.getElementById('settings-profiles')?.scrollIntoView());
          }}
          onClose={(id) => void requestClose(tabTerminals(id)).catch(report)}
          shortcutFor={(id) => shortcutOf(bindings, id, isMac())}
          onSplit={(orientation) => run(orientation === 'horizontal' ? 'pane-split-right' : 'pane-split-down')}
          onRecording={(id, paused) => void setRecording(id, paused).catch(report)}
        />
        <div className="top-actions">
          <button
            className={`top-button${sideOpen ? ' active' : ''}`}
            data-testid="side-toggle"
            aria-pressed={sideOpen}
            title={`Side pane: commands and assistant${keys('side-toggle')}`}
            onClick={() => run('side-toggle')}
          >
            ◧ Panel
          </button>
          <button
            className={`top-button${assistantOpen && sideOpen ? ' active' : ''}`}
            data-testid="assistant-toggle"
            aria-pressed={assistantOpen && sideOpen}
            title={`Assistant${keys('assistant-toggle')}`}
            onClick={() => run('assistant-toggle')}
          >
            ✦ Assistant
          </button>
          <button
            className="top-button"
            data-testid="palette-open"
            aria-label="Command palette"
            title={`Command palette${keys('palette')}`}
            onClick={() => run('palette')}
          >
            ⌘
          </button>
          <button
            className="top-button"
            data-testid="settings-open"
            aria-label="Settings"
            title="Settings"
            onClick={() => run('settings-open')}
          >
            ⚙
          </button>
        </div>
      </header>
      <ConnectionBanner />
      {notices.map((notice) => (
        <div
          key={notice}
          className="banner"
          role="status"
          data-testid="app-notice"
          onClick={() => setNotices((all) => all.filter((n) => n !== notice))}
        >
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
          <SyncBanner />
          <SshNoticeLine />
          <InsertNoticeLine />
          <RestoreOffer />
          {activeId ? (
            activeTab && <PaneLayout tab={activeTab} />
          ) : (
            <div className="empty-state" data-testid="terminals-empty">
              <p>No terminals open.</p>
              {/* Focused, so after the last shell's `exit` Enter opens a new one (browser mode keeps Ctrl+Shift+T). */}
              <button
                autoFocus
                onClick={() => run('tab-new')}
                title={connection.host === 'electron' ? 'Ctrl+Shift+T' : 'or the + in the tab bar'}
              >
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
            {assistantOpen && (assistantReady ? <LazyAssistantPane /> : <section className="assistant-pane" aria-busy="true" />)}
          </aside>
        )}
      </main>
      {inspectorOpen && <LazyContextInspector />}
      {settingsOpen && <LazySettingsPage />}
      <CommandOverlays />
      <TerminalMenu run={run} shortcut={(id) => shortcutOf(bindings, id, isMac())} />
      {paletteOpen && <LazyCommandPalette run={run} />}
      <InlineAskBox />
      <HistorySearchOverlay />
      <CompletionMenu keys={completionKeys} />
      <InsertDialog />
      {closeDialog}
    </div>
  );
};
