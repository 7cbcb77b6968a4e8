// SPDX-License-Identifier: MIT
import { MAX_QUERY_CHARS } from '../../shared/domain/history-limits';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { CommandRecord } from '../../shared/domain/command';
import { isForgetPending, onForgotten } from '../history/history-actions';
import { useCommands } from '../state/commands';
import { useSessionCommands } from '../state/previous-sessions';
import { useWorkspace } from '../state/workspace';
import { api } from '../transport/api';
import { CommandItem } from './command-item';
import { useCommandMenu } from './command-menu';
import { selectAndAttach } from './command-runs';

const NOT_RECORDED = {
  paused: 'Recording is paused in this tab: what runs now is not saved.',
  private: 'Private tab: nothing that runs here is recorded.',
} as const;
const MODE_LABEL = { integrated: 'Shell integration', heuristic: 'Prompt heuristics', unknown: 'Detecting…' } as const;
const MODE_HINT = {
  integrated: 'Commands come from shell-integration marks (exact).',
  heuristic: 'No shell integration here (plain sh, ssh…): commands are found by recognising prompts.',
  unknown: 'Waiting for the first prompt.',
} as const;

/** The active tab's commands (newest last) and full-text search over all recorded history. */
export const CommandsPanel = ({ sessionId, height }: { sessionId: string | undefined; height?: number | undefined }) => {
  // A restored pane lists the commands of the session it continues first.
  const commands = useSessionCommands(sessionId);
  const session = useCommands((state) => (sessionId ? state.sessions[sessionId] : undefined));
  // Only a live session whose mode is really still open is "Detecting…". Without a session (no tab,
  // or its info not fetched yet after a reload) there is nothing true to say, and an ended session
  // that never found a prompt is not detecting anything any more.
  const mode = session && !(session.mode === 'unknown' && session.endedAt !== null) ? session.mode : undefined;
  const selectedId = useCommands((state) => state.selectedId);
  const recording = useWorkspace((state) => state.terminals.find((t) => t.sessionId === sessionId || t.id === sessionId)?.recording);
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<readonly CommandRecord[] | undefined>();
  const [searchError, setSearchError] = useState<string | undefined>();
  const list = useRef<HTMLUListElement>(null);
  const pinnedToBottom = useRef(true);
  const menu = useCommandMenu();

  // Search results are this panel's own list: forgotten commands leave it like they leave the store.
  useEffect(() => onForgotten((gone) => setResults((current) => (current?.some(gone) ? current.filter((c) => !gone(c)) : current))), []);

  useEffect(() => {
    const text = query.trim();
    if (!text) return setResults(undefined);
    const timer = setTimeout(() => {
      void api.invoke('commands:search', { query: text.slice(0, MAX_QUERY_CHARS), limit: 100 }).then((result) => {
        if (result.ok) {
          // A command in its undo window is still in the index, but forgotten as far as the user knows.
          setResults(result.value.commands.filter((c) => !isForgetPending(c.id)));
          setSearchError(undefined);
        } else setSearchError(result.error.message);
      });
    }, 120);
    return () => clearTimeout(timer);
  }, [query]);

  useLayoutEffect(() => {
    if (results || !pinnedToBottom.current || !list.current) return;
    list.current.scrollTop = list.current.scrollHeight;
  }, [commands, results]);

  const onSelect = useCallback((command: CommandRecord) => selectAndAttach(command), []);

  const shown = results ?? commands;
  return (
    <section className="commands-panel" aria-label="Commands" style={height === undefined ? undefined : { flex: `0 0 ${height}px` }}>
      <header className="panel-header">
        <span className="panel-title">Commands</span>
        {mode && (
          <span className={`mode-badge ${mode}`} data-testid="segmentation-mode" data-mode={mode} title={MODE_HINT[mode]}>
            {MODE_LABEL[mode]}
          </span>
        )}
      </header>
      {(recording === 'paused' || recording === 'private') && (
        <div className={`panel-note ${recording}`} data-testid="commands-not-recorded">
          {NOT_RECORDED[recording]}
        </div>
      )}
      <input
        className="command-search"
        data-testid="command-search"
        type="search"
        placeholder="Search all history"
        aria-label="Search all command history"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={(event) => event.key === 'Escape' && setQuery('')}
      />
      {searchError && <div className="panel-error">{searchError}</div>}
      <ul
        className="command-list"
        role="listbox"
        ref={list}
        onScroll={(event) => {
          const el = event.currentTarget;
          pinnedToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
        }}
      >
        {shown.map((command) => (
          <CommandItem
            key={command.id}
            command={command}
            selected={command.id === selectedId}
            showSession={results !== undefined}
            onSelect={onSelect}
            onActions={menu.open}
            actionsOpen={command.id === menu.openId}
            onQuickFix={menu.openQuickFix}
            quickFixOpen={command.id === menu.quickFixId}
          />
        ))}
        {/* In a private or paused tab the note above says why the list stays empty. */}
        {shown.length === 0 && (results || !(recording === 'private' || recording === 'paused')) && (
          <li className="command-empty">{results ? 'No matches.' : 'Commands you run in this tab appear here.'}</li>
        )}
      </ul>
      {menu.view}
    </section>
  );
};
