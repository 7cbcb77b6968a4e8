// SPDX-License-Identifier: MIT
import { useCallback, useEffect, useState } from 'react';
import { CommandsPanel } from './commands/commands-panel';
import { ConfirmDialog } from './layout/confirm-dialog';
import { actionFor, type AppAction } from './keybindings';
import { useCommands } from './state/commands';
import { useTabs } from './state/tabs';
import { TabBar } from './tabs/tab-bar';
import { SearchBar } from './terminal/search-bar';
import { TerminalView } from './terminal/terminal-view';
import { closeTab, controllerFor, isBusy, openTab, syncTabs } from './terminal/terminals';
import { connection } from './transport/api';

export const App = () => {
  const activeId = useTabs((state) => state.activeId);
  const [findOpen, setFindOpen] = useState(false);
  const [confirm, setConfirm] = useState<{ id: string; process: string } | undefined>();
  const [status, setStatus] = useState<'open' | 'connecting' | 'closed'>('open');
  const [error, setError] = useState<string | undefined>();

  const report = useCallback((failure: unknown) => setError((failure as Error)?.message ?? String(failure)), []);

  const requestClose = useCallback(
    async (id: string) => {
      const process = await isBusy(id);
      if (process) setConfirm({ id, process });
      else await closeTab(id);
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
            .then((text) => controller?.term.paste(text))
            .catch(report);
      }
    },
    [report, requestClose],
  );

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
      if (!action) return;
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
    if (activeId) controllerFor(activeId)?.focus();
  }, [activeId]);

  return (
    <div className="app">
      <header className="top-bar">
        <TabBar onNew={() => run('tab-new')} onClose={(id) => void requestClose(id).catch(report)} />
      </header>
      {status !== 'open' && <div className="banner">Connection to Contexterm lost — reconnecting…</div>}
      {error && (
        <div className="banner error" role="alert" onClick={() => setError(undefined)}>
          {error}
        </div>
      )}
      <main className="workspace">
        <section className="terminal-pane">
          {findOpen && activeId && <SearchBar id={activeId} onClose={() => setFindOpen(false)} />}
          {activeId ? (
            <TerminalView key={activeId} id={activeId} />
          ) : (
            <div className="empty-state">
              <p>No terminals open.</p>
              <button onClick={() => run('tab-new')}>New terminal (Ctrl+Shift+T)</button>
            </div>
          )}
        </section>
        <aside className="side-pane">
          <CommandsPanel sessionId={activeId} />
          <div className="side-pane-placeholder" aria-label="Assistant">Assistant</div>
        </aside>
      </main>
      {confirm && (
        <ConfirmDialog
          message={`“${confirm.process}” is still running in this tab. Close it and end the process?`}
          confirmLabel="Close tab"
          onCancel={() => setConfirm(undefined)}
          onConfirm={() => {
            const { id } = confirm;
            setConfirm(undefined);
            void closeTab(id).catch(report);
          }}
        />
      )}
    </div>
  );
};
